import * as z from "zod";
import {
  badRequest,
  formatBytes,
  invalidField,
  isPlainReasonKey,
  msg,
  reason,
  requiredField,
  tooLarge,
  unsupportedType,
  type HttpError,
  type Reason,
} from "../errors";

export const JSON_LIMIT = 1024 * 1024;

/** Refuses bytes that are not UTF-8 (a whole-buffer decode keeps no state between bodies). */
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Reads the raw body, refusing more than `limit` bytes whether or not Content-Length is honest. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const length = request.headers.get("content-length");
  if (Number(length ?? "0") > limit) throw tooLarge(msg("bodyTooLarge", { size: formatBytes(limit) }));
  if (!request.body) return new Uint8Array();
  // A declared length within the limit is the body's length (the runtime holds the sender to it): read
  // it whole, far cheaper than chunk by chunk; a body without one is counted as it streams in.
  if (length !== null) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) throw tooLarge(msg("bodyTooLarge", { size: formatBytes(limit) }));
    return bytes;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(msg("bodyTooLarge", { size: formatBytes(limit) }));
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export interface ParsedBody {
  fields: Record<string, unknown>;
  /** The JSON body's bytes as sent (signature checks need them); null for multipart. */
  raw: Uint8Array | null;
}

/**
 * Parses a JSON or multipart body into a plain object. An empty body is `{}`. Multipart fields
 * arrive as strings or Files (a repeated name as a list of them); the call's schema coerces them. Only calls that take files
 * (`multipartLimit`) take multipart. Any other type is refused (415) before the body is read: a page
 * on another site can send text/plain or a form without asking the browser first, never JSON. A call that
 * takes a form-encoded body (`formUrlEncoded`: RFC 8058 one-click unsubscribe) gets its fields as strings.
 */
export async function readBody(
  request: Request,
  multipartLimit: number | undefined,
  formUrlEncoded = false,
): Promise<ParsedBody> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (formUrlEncoded && type.startsWith("application/x-www-form-urlencoded")) {
    const bytes = await readLimited(request, JSON_LIMIT);
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      throw badRequest("formUnreadable", "malformed_body");
    }
    return { fields: Object.fromEntries(new URLSearchParams(text)), raw: null };
  }
  if (type.startsWith("multipart/form-data")) {
    if (multipartLimit === undefined) throw unsupportedType("jsonOnly");
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > multipartLimit) {
      throw tooLarge(msg("uploadTooLarge", { size: formatBytes(multipartLimit) }));
    }
    const bytes = await readLimited(request, multipartLimit);
    let form: FormData;
    try {
      // The header as sent: lower-casing it would change the boundary (browsers use upper-case letters).
      form = await new Response(bytes, { headers: { "content-type": request.headers.get("content-type")! } }).formData();
    } catch {
      throw badRequest("formUnreadable", "malformed_body");
    }
    // A name sent more than once (several files in one input) becomes a list of its values in order.
    const fields: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key);
      fields[key] = values.length === 1 ? values[0] : values;
    }
    return { fields, raw: null };
  }
  // No type at all is a client that sent no body (curl -X POST); a body must then be empty.
  if (type !== "" && !/^application\/json\s*(;|$)/.test(type))
    throw unsupportedType(multipartLimit ? "jsonOrFormOnly" : "jsonOnly");
  const bytes = await readLimited(request, JSON_LIMIT);
  if (bytes.byteLength === 0) return { fields: {}, raw: bytes };
  if (type === "") throw unsupportedType(multipartLimit ? "jsonOrFormOnly" : "jsonOnly");
  let parsed: unknown;
  try {
    parsed = JSON.parse(UTF8.decode(bytes));
  } catch {
    throw badRequest("jsonInvalid", "malformed_json");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw badRequest("jsonNotObject", "malformed_json");
  }
  return { fields: parsed as Record<string, unknown>, raw: bytes };
}

/** Validates a body against a call's schema; the first problem becomes a 400 naming its field. */
export function validate<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join(".") || undefined;
  throw issueToError(issue, field);
}

function issueToError(issue: z.core.$ZodIssue, field: string | undefined): HttpError {
  const isMissing =
    (issue.code === "invalid_type" && (issue.input === undefined || issue.input === null)) ||
    (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1);
  if (field && isMissing) return requiredField(field);
  if (issue.code === "unrecognized_keys") {
    return badRequest(msg("unknownField", { field: issue.keys[0]! }), "unknown_field", issue.keys[0]);
  }
  const why = describeIssue(issue);
  return field ? invalidField(field, why) : badRequest(msg("requestInvalid", { reason: why }));
}

/** Why a value failed, as a reason key (`messages/`): each kind of zod problem has one. */
function describeIssue(issue: z.core.$ZodIssue): Reason {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "int" ? reason("mustBeWholeNumber") : reason("mustBeType", { expected: issue.expected });
    case "too_small":
      return issue.origin === "string"
        ? reason("mustBeAtLeastCharacters", { minimum: String(issue.minimum) })
        : reason("mustBeAtLeast", { minimum: String(issue.minimum) });
    case "too_big":
      return issue.origin === "string"
        ? reason("mustBeAtMostCharacters", { maximum: String(issue.maximum) })
        : reason("mustBeAtMost", { maximum: String(issue.maximum) });
    case "invalid_format":
      if (issue.format === "email") return reason("mustBeEmail");
      // A contract's pattern names its reason key as its message (contract/fields.ts, `matching`).
      if (issue.format === "regex") return isPlainReasonKey(issue.message) ? reason(issue.message) : reason("notValid");
      return reason("mustBeFormat", { format: issue.format });
    case "invalid_value":
      return reason("mustBeOneOf", { values: issue.values.map((v) => JSON.stringify(v)).join(", ") });
    case "custom":
      // A contract check names its reason key in params (contract/fields.ts, PLAIN_TEXT_REASON).
      return isPlainReasonKey(issue.params?.reason) ? reason(issue.params.reason) : reason("notValid");
    default:
      return reason("notValid");
  }
}
