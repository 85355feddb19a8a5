import type { ListTotal } from "../db/counts";
import { HttpError } from "../errors";
import type { Language } from "../errors/language";
import { msg, reasonOf, renderMessage, renderReason } from "../errors/messages";

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
  if (headers) new Headers(headers).forEach((value, key) => response.headers.append(key, value));
  return response;
}

/**
 * A list answer: `{data, total, page, limit}`, plus `totalCapped: true` when the total is a lower bound
 * (db/counts.ts).
 */
export function list<T>(data: T[], total: number | ListTotal, page: number, limit: number, extra?: object) {
  if (typeof total === "number") return json({ ...extra, data, total, page, limit });
  return json({ ...extra, data, total: total.total, ...(total.totalCapped ? { totalCapped: true } : {}), page, limit });
}

/**
 * Errors become the API's error shape `{error, code, field?, reason?}`; anything unexpected is logged and
 * answered without internals. `error`, and `reason` (why a named field's value is not valid), are in
 * `language` (the web app's) or English; `code` and `field` never change.
 */
export function errorResponse(error: unknown, language: Language | null = null): Response {
  const lang = language ?? "en";
  if (error instanceof HttpError) {
    const body: Record<string, string> = { error: renderMessage(error.said, lang), code: error.code };
    if (error.field) {
      body.field = error.field;
      const why = reasonOf(error.said);
      if (why) body.reason = renderReason(why, lang);
    }
    const headers = error.status === 429 ? { "retry-after": "60" } : undefined;
    return json(body, error.status, headers);
  }
  console.error("unhandled error", error);
  return json({ error: renderMessage(msg("internalError"), lang), code: "internal_error" }, 500);
}
