import * as z from "zod";
import type { Access } from "./access";

/**
 * An answer that is a file (its bytes, `Content-Disposition: attachment`) rather than JSON. `orJson`
 * is the JSON answer the call gives instead when it hands out a link (download's presigned URL).
 */
export interface FileAnswer<J extends z.ZodType = z.ZodType> {
  readonly kind: "file";
  readonly mediaType: string;
  readonly orJson?: J;
}

export function fileAnswer(mediaType: string): FileAnswer<z.ZodNever>;
export function fileAnswer<J extends z.ZodType>(mediaType: string, orJson: J): FileAnswer<J>;
export function fileAnswer(mediaType: string, orJson?: z.ZodType): FileAnswer {
  return orJson ? { kind: "file", mediaType, orJson } : { kind: "file", mediaType };
}

export const isFileAnswer = (answer: z.ZodType | FileAnswer): answer is FileAnswer => "kind" in answer && answer.kind === "file";

/** One API call as both sides see it: `POST /api/<name>`, who may call, what it takes and answers. */
export interface CallSpec {
  /** One line for the OpenAPI document. */
  summary: string;
  access: Access;
  /** Whether an agent's API key (Authorization: Bearer) may make the call. */
  agent?: boolean;
  /**
   * For "public" and "signedIn" calls that change nothing: they may run on a remembered session and on
   * a D1 read replica like read calls (see http/dispatch.ts); calls whose access is ["read", subject]
   * do so already.
   */
  readsOnly?: boolean;
  /** Largest multipart body accepted, in bytes (JSON bodies are always limited to 1 MB). */
  maxBody?: number;
  /** Also takes an `application/x-www-form-urlencoded` body (RFC 8058 one-click unsubscribe POSTs). */
  formUrlEncoded?: boolean;
  /** Validates the body: `z.input` is what a client sends, `z.output` what the handler gets. */
  input: z.ZodType;
  /** The 200 answer: a JSON schema (answers carry no field it does not declare) or a file. */
  answer: z.ZodType | FileAnswer;
}

export type CallDecl<N extends string = string, S extends CallSpec = CallSpec> = S & { readonly name: N };

/** Names each spec by its key: `defineCalls({ searchbundle: {...} }).searchbundle.name === "searchbundle"`. */
export function defineCalls<const S extends Record<string, CallSpec>>(specs: S): { [N in keyof S & string]: CallDecl<N, S[N]> } {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { ...spec, name }])) as {
    [N in keyof S & string]: CallDecl<N, S[N]>;
  };
}

/** The type of what a call answers: the JSON answer's output, or for a file the `FileBody` marker. */
export type AnswerOf<A> = A extends FileAnswer<infer J> ? FileBody<z.output<J>> : A extends z.ZodType ? z.output<A> : never;

/** A file answer: bytes, or (`link`) the JSON the call answers instead. */
export interface FileBody<L = never> {
  readonly file: true;
  readonly link?: L;
}

/** `{message}`: what most changes answer. */
export const done = z.strictObject({ message: z.string() });

/**
 * A list answer: `{data, total, page, limit}` plus `extra` fields. Every list call answers through
 * this, so a field all lists gain is one line here.
 */
export const listOf = <R extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(row: R, extra?: E) =>
  z.strictObject({
    ...(extra as E),
    data: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalCapped: z
      .boolean()
      .optional()
      .meta({ description: "true when `total` is a lower bound: a large table counts up to a cap (shown as 1,000+)." }),
  });

/** An ISO 8601 UTC timestamp as the API writes it. */
export const timestamp = () => z.iso.datetime();

/** A calendar day, YYYY-MM-DD. */
export const day = () => z.iso.date();

/** The error shape of every non-2xx answer. */
export const apiError = z.strictObject({
  error: z.string().meta({ description: "Human text, in the web app's language when its cookie says fr or ar." }),
  code: z.string().meta({ description: "snake_case; clients branch on it, never on `error`." }),
  field: z.string().optional().meta({ description: "The input field the error is about." }),
  reason: z.string().optional().meta({ description: "The validation problem without the field's name." }),
});
