import i18n from "i18next";
import type { CallName, Calls, FileCallName, JsonCallName } from "../../../worker/src/contract";

export type { CallName, FileCallName, JsonCallName };

/** What a call takes: the body its contract accepts (worker/src/contract). */
export type CallInput<N extends CallName> = Calls[N]["input"];
/** What a call answers with 200. */
export type CallAnswer<N extends JsonCallName> = Calls[N]["answer"];

/** The calls answering a list: `{data, total, page, limit}`. */
export type ListCallName = {
  [N in JsonCallName]: CallAnswer<N> extends { data: unknown[]; total: number } ? N : never;
}[JsonCallName];
/** A list call's answer, and one of its rows. */
export type ListAnswerOf<N extends ListCallName> = CallAnswer<N>;
export type ListRow<N extends ListCallName> = CallAnswer<N>["data"][number];

/** A body argument that may be left out when the call needs no field. */
type BodyArgs<N extends CallName, Extra extends unknown[] = []> =
  Record<never, never> extends CallInput<N> ? [body?: CallInput<N>, ...Extra] : [body: CallInput<N>, ...Extra];

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

type ErrorShape = { error?: string; code?: string; field?: string };

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener | null = null;

/** The app registers what a 401 does (clear the client state once, go to login). */
export function setUnauthorizedHandler(listener: UnauthorizedListener | null) {
  onUnauthorized = listener;
}

async function post(name: CallName, body: BodyInit, json: boolean, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      credentials: "same-origin",
      headers: json ? { "content-type": "application/json" } : undefined,
      body,
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", networkText());
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const shaped = (data ?? {}) as ErrorShape;
    if (response.status === 401 && name !== "login" && name !== "two-steps") onUnauthorized?.();
    throw new ApiError(response.status, shaped.code ?? "http_error", shaped.error ?? networkText(), shaped.field);
  }
  return data;
}

/** Calls `POST /api/<name>` with a JSON body; the name, body and answer are the contract's. */
export async function api<N extends JsonCallName>(
  name: N,
  ...[body, init]: BodyArgs<N, [init?: { signal?: AbortSignal }]>
): Promise<CallAnswer<N>> {
  return (await post(name, JSON.stringify(body ?? {}), true, init?.signal)) as CallAnswer<N>;
}

/** A field multipart can carry: text (numbers and booleans as text) or a file. */
type FormValue = string | number | boolean | Blob | null | undefined;
/** A call's input when every field fits in multipart (no nested objects or lists); never otherwise. */
type FormInput<N extends CallName> = CallInput<N> extends Record<string, FormValue> ? CallInput<N> : never;

/** Builds multipart form data from a call's fields (booleans and numbers as text; null/undefined skipped). */
function toFormData(fields: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else form.append(key, String(value));
  }
  return form;
}

/** Calls `POST /api/<name>` with a multipart body built from the call's fields (files travel as parts). */
export async function apiForm<N extends JsonCallName>(name: N, fields: FormInput<N>): Promise<CallAnswer<N>> {
  return (await post(name, toFormData(fields), false)) as CallAnswer<N>;
}

/** Uploads a call's fields as multipart with progress (fetch has none): resolves with the answer or rejects with ApiError. */
export function uploadWithProgress<N extends JsonCallName>(
  name: N,
  fields: FormInput<N>,
  onProgress: (fraction: number) => void,
): Promise<CallAnswer<N>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/${name}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", networkText()));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as CallAnswer<N>);
      else {
        const shaped = (data ?? {}) as ErrorShape;
        if (xhr.status === 401) onUnauthorized?.();
        reject(new ApiError(xhr.status, shaped.code ?? "http_error", shaped.error ?? networkText(), shaped.field));
      }
    };
    xhr.send(toFormData(fields));
  });
}
