/** An error that becomes an API error answer: `{error, code, field?}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const requiredMessage = (field: string) => `The field "${field}" is required.`;

export const badRequest = (message: string, code = "invalid_input", field?: string) => new HttpError(400, code, message, field);
export const requiredField = (field: string) => new HttpError(400, "required", requiredMessage(field), field);
export const unauthorized = (message = "Please sign in to continue.") => new HttpError(401, "unauthorized", message);
export const forbidden = (message: string, code = "forbidden") => new HttpError(403, code, message);
export const notFound = (message: string, code = "not_found") => new HttpError(404, code, message);
export const conflict = (message: string, code = "conflict", field?: string) => new HttpError(409, code, message, field);
export const tooLarge = (message: string) => new HttpError(413, "too_large", message);
export const unsupportedType = (message: string, field?: string) => new HttpError(415, "unsupported_type", message, field);
export const tooManyRequests = (message: string) => new HttpError(429, "rate_limited", message);

/** A size as error texts write it (limits of bodies and uploads). */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} kB`;
}
