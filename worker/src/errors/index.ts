import { msg, renderMessage, type Message, type PlainMessageKey, type Reason } from "../messages";

export { isPlainReasonKey, msg, reason, type Message, type Reason, type SuccessKey } from "../messages";

/** What an error says: the key of a message without parameters, or a message built with `msg(key, params)`. */
export type Said = PlainMessageKey | Message;

const toMessage = (said: Said): Message => (typeof said === "string" ? ({ key: said, params: {} } as Message) : said);

/**
 * An error that becomes an API error answer: `{error, code, field?, reason?}` with its status. It names
 * a message by key (`said`), rendered in the caller's language when answered; `message` is its English text.
 */
export class HttpError extends Error {
  readonly said: Message;
  /** For a 429: when to try again, in seconds (the answer's Retry-After). */
  retryAfter?: number;

  constructor(
    readonly status: number,
    readonly code: string,
    said: Said,
    readonly field?: string,
  ) {
    super(renderMessage(toMessage(said), "en"));
    this.said = toMessage(said);
  }
}

export const badRequest = (said: Said, code = "invalid_input", field?: string) => new HttpError(400, code, said, field);
export const requiredField = (field: string) => new HttpError(400, "required", msg("fieldRequired", { field }), field);
/** A field's value is not valid: the answer names the field and, as `reason`, why (docs/API.md). */
export const invalidField = (field: string, why: Reason) =>
  new HttpError(400, "invalid_input", msg("fieldInvalid", { field, reason: why }), field);
export const unauthorized = (said: Said = "signInRequired") => new HttpError(401, "unauthorized", said);
export const forbidden = (said: Said, code = "forbidden") => new HttpError(403, code, said);
export const notFound = (said: Said, code = "not_found") => new HttpError(404, code, said);
export const conflict = (said: Said, code = "conflict", field?: string) => new HttpError(409, code, said, field);
export const tooLarge = (said: Said) => new HttpError(413, "too_large", said);
export const unsupportedType = (said: Said, field?: string) => new HttpError(415, "unsupported_type", said, field);
export const tooManyRequests = (said: Said, retryAfter = 60) =>
  Object.assign(new HttpError(429, "rate_limited", said), { retryAfter: Math.max(1, Math.ceil(retryAfter)) });

/** A size as error texts write it (limits of bodies and uploads). */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} kB`;
}
