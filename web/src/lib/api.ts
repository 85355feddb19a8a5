import i18n from "i18next";
import { BOOKMARK_HEADER, currentBookmark, rememberBookmark, withBookmark } from "./bookmark";

/** Shown when the server cannot be reached or answers garbage: in the reader's language (common namespace). */
export const networkText = () =>
  i18n.t("common:networkError", { defaultValue: "The server could not be reached. Check your connection and try again." });

/** The API's error shape (API.md), thrown for every non-2xx answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener | null = null;

/** The app registers what a 401 does (clear the client state once, go to login). */
export function setUnauthorizedHandler(listener: UnauthorizedListener | null) {
  onUnauthorized = listener;
}

/** Calls `POST /api/<name>` with a JSON body, or multipart when given FormData. */
export async function api<T = unknown>(name: string, body: object | FormData = {}, init?: { signal?: AbortSignal }): Promise<T> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      credentials: "same-origin",
      headers: withBookmark(isForm ? {} : { "content-type": "application/json" }),
      body: isForm ? body : JSON.stringify(body),
      signal: init?.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", networkText());
  }
  rememberBookmark(response.headers.get(BOOKMARK_HEADER));
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const shaped = (data ?? {}) as { error?: string; code?: string; field?: string };
    if (response.status === 401 && name !== "login" && name !== "two-steps") onUnauthorized?.();
    throw new ApiError(response.status, shaped.code ?? "http_error", shaped.error ?? networkText(), shaped.field);
  }
  return data as T;
}

/** Builds multipart form data from a plain object (booleans and numbers as text; null/undefined skipped). */
export function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else form.append(key, String(value));
  }
  return form;
}

/** A list answer (API.md). */
export interface ListAnswer<T> {
  data: T[];
  total: number;
  /** true when `total` is a lower bound: a large table counts up to a cap ("1,000+"). */
  totalCapped?: boolean;
  page: number;
  limit: number;
}

/** Uploads with progress (fetch has none): resolves with the JSON answer or rejects with ApiError. */
export function uploadWithProgress<T>(name: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/${name}`);
    const bookmark = currentBookmark();
    if (bookmark) xhr.setRequestHeader(BOOKMARK_HEADER, bookmark);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", networkText()));
    xhr.onload = () => {
      rememberBookmark(xhr.getResponseHeader(BOOKMARK_HEADER));
      let data: { error?: string; code?: string; field?: string } | null;
      try {
        data = JSON.parse(xhr.responseText) as { error?: string; code?: string; field?: string };
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else {
        if (xhr.status === 401) onUnauthorized?.();
        reject(new ApiError(xhr.status, data?.code ?? "http_error", data?.error ?? networkText(), data?.field));
      }
    };
    xhr.send(form);
  });
}
