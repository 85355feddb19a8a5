import type { ListTotal } from "../db/list";
import { HttpError } from "../errors";
import type { Language } from "../errors/language";
import {
  msg,
  reasonOf,
  renderMessage,
  renderReason,
  renderSuccess,
  type ParamsArgs,
  type Success,
  type SuccessKey,
  type SuccessParams,
} from "../messages";
import { requestLanguage } from "./language";

declare const answerType: unique symbol;

/** A JSON answer that remembers (for the compiler only: nothing is added at run time) the type of what it carries. */
export type JsonResponse<T> = Response & { readonly [answerType]: T };

export function json<T>(data: T, status = 200, headers?: HeadersInit): JsonResponse<T> {
  return jsonText<T>(JSON.stringify(data), status, headers);
}

/** A JSON answer from text already serialised (kept in a cache): the caller vouches that it is a `T`. */
export function jsonText<T>(text: string, status = 200, headers?: HeadersInit): JsonResponse<T> {
  const response = new Response(text, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
  if (headers) new Headers(headers).forEach((value, key) => response.headers.append(key, value));
  return response as JsonResponse<T>;
}

/**
 * `objectText` (a serialised object whose last field is `key`, serialised as null) with that field's value
 * replaced by `valueText`, itself serialised JSON: a large value kept as text is not parsed to be sent.
 */
export function spliceLast(objectText: string, key: string, valueText: string): string {
  const tail = `${JSON.stringify(key)}:null}`;
  if (!objectText.endsWith(tail)) throw new Error(`the object's last field is not ${key}: null`);
  return `${objectText.slice(0, -"null}".length)}${valueText}}`;
}

/**
 * A list answer: `{data, total, page, limit}` (and `extra` fields), plus `totalCapped: true` when the total
 * is a lower bound (db/list.ts). Its type comes from the arguments alone.
 */
export function list<T, E extends object = Record<never, never>>(
  data: T[],
  total: number | ListTotal,
  page: number,
  limit: number,
  extra?: E,
): JsonResponse<NoInfer<E> & { data: NoInfer<T>[]; total: number; totalCapped?: true; page: number; limit: number }> {
  const counted =
    typeof total === "number" ? { total } : { total: total.total, ...(total.totalCapped ? { totalCapped: true as const } : {}) };
  return json({ ...(extra as E), data, ...counted, page, limit });
}

/**
 * A success answer's `message`: the text of `key` (messages/, `successes`) in the caller's language,
 * chosen as for errors (the web app's `language` cookie; English, the contract's texts, for everyone else).
 */
export function success<K extends SuccessKey>(
  ctx: { request: Request },
  key: K,
  ...params: ParamsArgs<SuccessParams<K>>
): string {
  return renderSuccess({ key, params: params[0] ?? {} } as Success, requestLanguage(ctx.request) ?? "en");
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
    const headers = error.status === 429 ? { "retry-after": String(error.retryAfter ?? 60) } : undefined;
    return json(body, error.status, headers);
  }
  return json({ error: renderMessage(msg("internalError"), lang), code: "internal_error" }, 500);
}
