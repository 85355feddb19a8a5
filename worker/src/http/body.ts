import { z } from "zod";
import { badRequest, formatBytes, HttpError, requiredMessage, tooLarge, unsupportedType } from "../errors";

export const JSON_LIMIT = 1024 * 1024;

/** Reads the raw body, refusing more than `limit` bytes whether or not Content-Length is honest. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(`The request body is larger than ${formatBytes(limit)}.`);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(`The request body is larger than ${formatBytes(limit)}.`);
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
 * arrive as strings or Files; the call's schema coerces them.
 */
export async function readBody(request: Request, multipartLimit: number): Promise<ParsedBody> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > multipartLimit) {
      throw tooLarge(`The upload is larger than ${formatBytes(multipartLimit)}.`);
    }
    const bytes = await readLimited(request, multipartLimit);
    let form: FormData;
    try {
      // The header as sent: lower-casing it would change the boundary (browsers use upper-case letters).
      form = await new Response(bytes, { headers: { "content-type": request.headers.get("content-type")! } }).formData();
    } catch {
      throw badRequest("The form data could not be read.", "malformed_body");
    }
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) fields[key] = value;
    return { fields, raw: null };
  }
  const bytes = await readLimited(request, JSON_LIMIT);
  if (bytes.byteLength === 0) return { fields: {}, raw: bytes };
  if (type && !type.startsWith("application/json") && !type.startsWith("text/plain")) {
    throw unsupportedType("Send the body as application/json.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw badRequest("The request body is not valid JSON.", "malformed_json");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw badRequest("The request body must be a JSON object.", "malformed_json");
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
  if (field && isMissing) return new HttpError(400, "required", requiredMessage(field), field);
  if (issue.code === "unrecognized_keys") {
    return badRequest(`Unknown field "${issue.keys[0]}".`, "unknown_field", issue.keys[0]);
  }
  const label = field ? `The field "${field}"` : "The request";
  return badRequest(`${label} ${describeIssue(issue)}.`, "invalid_input", field);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "int") return "must be a whole number";
      return `must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
    case "too_small":
      return issue.origin === "string"
        ? `must be at least ${issue.minimum} characters long`
        : `must be at least ${issue.minimum}`;
    case "too_big":
      return issue.origin === "string" ? `must be at most ${issue.maximum} characters long` : `must be at most ${issue.maximum}`;
    case "invalid_format":
      return issue.format === "email" ? "must be an email address" : `must be a valid ${issue.format}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    default:
      return "is not valid";
  }
}
