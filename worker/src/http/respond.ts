import { HttpError } from "./errors";
import { translateError } from "./messages";

declare const answerType: unique symbol;

/** A JSON answer that remembers (for the compiler only: nothing is added at run time) the type of what it carries. */
export type JsonResponse<T> = Response & { readonly [answerType]: T };

export function json<T>(data: T, status = 200, headers?: HeadersInit): JsonResponse<T> {
  const response = new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
  if (headers) new Headers(headers).forEach((value, key) => response.headers.append(key, value));
  return response as JsonResponse<T>;
}

/** A list answer: `{data, total, page, limit}` (and `extra` fields). Its type comes from the arguments alone. */
export function list<T, E extends object = Record<never, never>>(
  data: T[],
  total: number,
  page: number,
  limit: number,
  extra?: E,
): JsonResponse<NoInfer<E> & { data: NoInfer<T>[]; total: number; page: number; limit: number }> {
  return json({ ...(extra as E), data, total, page, limit });
}

/**
 * Errors become the API's error shape; anything unexpected is logged and answered without internals.
 * `error` is in `language` (the web app's) when there is a translation; `code` and `field` never change.
 */
export function errorResponse(error: unknown, language: string | null = null): Response {
  if (error instanceof HttpError) {
    const body: Record<string, string> = { error: translateError(error.message, language), code: error.code };
    if (error.field) body.field = error.field;
    const headers = error.status === 429 ? { "retry-after": "60" } : undefined;
    return json(body, error.status, headers);
  }
  console.error("unhandled error", error);
  return json({ error: translateError("Something went wrong. Please try again.", language), code: "internal_error" }, 500);
}
