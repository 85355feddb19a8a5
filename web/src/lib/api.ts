import i18n from "i18next";
import type { ApiErrorAnswer, CallName, Calls, FileCallName, JsonCallName } from "../../../worker/src/contract";
import { BOOKMARK_HEADER, rememberBookmark, withBookmark } from "./bookmark";

export type { CallName, FileCallName, JsonCallName };

/** What a call takes: the body its contract accepts (worker/src/contract). */
export type CallInput<N extends CallName> = Calls[N]["input"];
/** What a call answers with 200. */
export type CallAnswer<N extends JsonCallName> = Calls[N]["answer"];

/** The calls answering a list: `{data, total, page, limit}`. */
export type ListCallName = {
  [N in JsonCallName]: CallAnswer<N> extends { data: unknown[]; total: number } ? N : never;
}[JsonCallName];
/** One row of a list call's answer. */
export type ListRow<N extends ListCallName> = CallAnswer<N>["data"][number];
/**
 * A list call's answer. `data` is spelled out so that code generic in the call (the list controller) reads
 * its rows as `ListRow<N>[]`; read through `CallAnswer<N>` TypeScript would widen them to every list's rows.
 */
export type ListAnswerOf<N extends ListCallName> = Omit<CallAnswer<N>, "data"> & { data: ListRow<N>[] };

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
    /** For a validation problem of `field`: the reason alone, in the reader's language ("is not valid"). */
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** An error answer as the Worker sends it (read defensively: a proxy may answer something else). */
type ErrorAnswer = Partial<ApiErrorAnswer>;

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener | null = null;

/** The app registers what a 401 does (clear the client state once, go to login). */
export function setUnauthorizedHandler(listener: UnauthorizedListener | null) {
  onUnauthorized = listener;
}

export const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/**
 * Shown for a 503 that is not the API's answer: the local server (`wrangler dev`) restarting answers a request
 * in flight so (decision 0014), and a POST is not retried for the reader, who may safely send it again.
 */
const restartingText = () => i18n.t("common:serverRestarting", { defaultValue: "The server was restarting. Please try again." });

/** The ApiError of a non-2xx answer, from its body (null when it was not JSON). */
export function answerError(status: number, data: unknown): ApiError {
  const shaped = (data ?? {}) as ErrorAnswer;
  const unshaped = status === 503 ? restartingText : networkText;
  return new ApiError(status, shaped.code ?? "http_error", shaped.error ?? unshaped(), shaped.field, shaped.reason);
}

/** A call failed: a 401 (but a failed sign-in's) signs the app out; the answer becomes an ApiError. */
export function failure(name: CallName, status: number, text: string): ApiError {
  if (status === 401 && name !== "login" && name !== "two-steps") onUnauthorized?.();
  return answerError(status, parse(text));
}

export const unreachable = () => new ApiError(0, "network_error", networkText());

/** POSTs a body to a call and reads its JSON answer (api() and lib/upload.ts build the bodies). */
export async function post(name: CallName, body: BodyInit, json: boolean, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      credentials: "same-origin",
      headers: withBookmark(json ? { "content-type": "application/json" } : {}),
      body,
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw unreachable();
  }
  rememberBookmark(response.headers.get(BOOKMARK_HEADER));
  const text = await response.text();
  if (!response.ok) throw failure(name, response.status, text);
  return parse(text);
}

/** Calls `POST /api/<name>` with a JSON body; the name, body and answer are the contract's. */
export function api<N extends JsonCallName>(
  name: N,
  ...[body, init]: BodyArgs<N, [init?: { signal?: AbortSignal }]>
): Promise<CallAnswer<N>> {
  return post(name, JSON.stringify(body ?? {}), true, init?.signal) as Promise<CallAnswer<N>>;
}
