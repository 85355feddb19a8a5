import * as z from "zod";

/**
 * Field builders shared by every call's input. They accept JSON values and the strings multipart
 * sends ("true"/"false"/"1"/"0", numbers as text) and coerce them, so one schema serves both bodies.
 * Each preprocess function's parameter type is what a client may send (`z.input`); the inner schema
 * decides what the handler gets (`z.output`) and whether the key may be left out.
 */

const blankToUndefined = <T>(value: T) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const toNumber = (value: number | string | null | undefined) => {
  const v = blankToUndefined(value);
  return typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
};

/** What a client may send for a yes/no field: JSON booleans, or the strings and numbers forms send. */
export type BoolInput = boolean | "true" | "false" | "1" | "0" | 0 | 1;

const toBoolean = (value: BoolInput) => {
  if (value === "true" || value === "1" || value === 1) return true;
  if (value === "false" || value === "0" || value === 0) return false;
  return blankToUndefined(value);
};

/** Non-blank text, trimmed. Blank or missing → `The field "x" is required.` */
export const text = (max = 200) => z.preprocess((v: string) => blankToUndefined(v), z.string().trim().min(1).max(max));

/** Optional text, trimmed; missing or blank becomes "" (the default only marks the key optional). */
export const optionalText = (max = 2000) =>
  z.preprocess(
    (v: string | null | undefined) => (v === undefined || v === null ? "" : v),
    z.string().trim().max(max).default(""),
  );

export const int = (min: number, max: number) =>
  z.preprocess((v: number | string) => toNumber(v), z.number().int().min(min).max(max));

export const bool = () => z.preprocess((v: BoolInput) => toBoolean(v), z.boolean());

export const email = () =>
  z.preprocess((v: string) => (typeof v === "string" ? blankToUndefined(v.trim().toLowerCase()) : v), z.email().max(254));

/** A row id: a positive integer. */
export const id = () => int(1, Number.MAX_SAFE_INTEGER);

/** 0 or absent means "new". */
export const idOrNew = () =>
  z.preprocess(
    (v: number | string | null | undefined) => (v === undefined || v === null || v === "" ? 0 : toNumber(v)),
    z.number().int().min(0).default(0),
  );

export const page = () => int(1, 1_000_000).default(1);
export const limit = (fallback: number) => int(1, 100).default(fallback);

/**
 * Characters that let a text pose as another in a list: C0 and C1 controls (DEL too) and the line and
 * paragraph separators, which break a row; the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which reorder what follows them; lone surrogates (half a character).
 * Marks (U+200E, U+200F, U+061C) stay: Arabic and Hebrew names use them and they reorder nothing.
 * No `u` flag: surrogates are matched one code unit at a time.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
const INVISIBLE_FORMATTING =
  /[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Whether a text holds a character of CONTROLS or INVISIBLE_FORMATTING, or U+FFFD: UTF-8 cannot carry a
 * lone surrogate, so in a multipart body one arrives as that replacement character (display names refuse all).
 */
export function hasUnsafeCharacters(value: string): boolean {
  // search() ignores the g flag and lastIndex, which make test() stateful.
  return value.search(CONTROLS) >= 0 || value.search(INVISIBLE_FORMATTING) >= 0 || value.includes("\uFFFD");
}

/** The text without bidirectional embeddings, overrides, isolates and lone surrogates (file names, searches). */
export function withoutInvisibleFormatting(value: string): string {
  return value.replace(INVISIBLE_FORMATTING, "");
}

/**
 * Search text as the lists use it: controls become spaces (a pasted tab still separates words) and
 * invisible formatting goes. A search is never stored or shown, so it is cleaned, not refused; and a
 * NUL would end FTS5's query text mid-phrase (an "unterminated string" error).
 */
export function plainSearchText(value: string): string {
  return withoutInvisibleFormatting(value.replace(CONTROLS, " "));
}

/** A list's search text: optional, cleaned (plainSearchText), trimmed, at most 200 characters. */
export const search = () =>
  z.preprocess(
    (v: string | null | undefined) => (v === undefined || v === null ? "" : typeof v === "string" ? plainSearchText(v) : v),
    z.string().trim().max(200).default(""),
  );

/**
 * The reason key (worker/src/messages) a refused display text names: the contract cannot import
 * the error catalogs, so its custom checks name their reason in `params.reason`.
 */
const PLAIN_TEXT_REASON = "mustBePlainText";

const plain = { params: { reason: PLAIN_TEXT_REASON } };

/**
 * A name people read in lists (a user's, an item's, a site's, a vendor account's, an API key's):
 * required text that refuses controls, bidirectional overrides and lone surrogates (`hasUnsafeCharacters`)
 * with a 400 naming the field, rather than storing a name that spoofs what admins read.
 */
export const displayName = (max: number) => text(max).refine((v) => !hasUnsafeCharacters(v), plain);

/** Optional one-line text shown to others (a phone at sign-up): `optionalText` with displayName's rule. */
export const optionalDisplayText = (max: number) => optionalText(max).refine((v) => !hasUnsafeCharacters(v), plain);

/**
 * A one-line text an update may leave out (the stored value stays: undefined) or send blank (cleared),
 * with displayName's rule: a phone, an address line.
 */
export const updatedDisplayText = (max: number) =>
  z.preprocess(
    (v: string | null | undefined) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(max)
      .refine((v) => !hasUnsafeCharacters(v), plain)
      .optional(),
  );

/**
 * Text matching `pattern` (kept in the OpenAPI document as the field's pattern); refused with the reason
 * `reasonKey` (a reason of worker/src/messages), so every field's error keeps its own words.
 */
export const matching = (pattern: RegExp, reasonKey: string) => z.string().regex(pattern, { message: reasonKey });

/**
 * Required text (trimmed; blank counts as missing) of at most `max` characters matching `pattern`, as
 * `matching` words its refusal. One schema, not `text().pipe(matching())`: zod's JSON Schema of such a pipe
 * leaves the field out of `required` and drops the pattern, so the contract would promise less than it checks.
 */
export const textMatching = (max: number, pattern: RegExp, reasonKey: string) =>
  z.preprocess((v: string) => blankToUndefined(v), z.string().trim().min(1).max(max).regex(pattern, { message: reasonKey }));

export const file = () => z.instanceof(File);
/** An optional upload: an empty file input (size 0, or a blank string) counts as absent. */
export const optionalFile = () =>
  z.preprocess(
    (v: File | "" | null | undefined) => (v instanceof File && v.size === 0 ? undefined : blankToUndefined(v)),
    z.instanceof(File).optional(),
  );

/**
 * Up to `max` uploads under one name (a multipart field repeated): one file, several, or none (an empty
 * file input sends one empty part). Absent is undefined.
 */
export const files = (max: number) =>
  z
    .preprocess(
      (v: File | readonly File[] | "" | null | undefined) =>
        (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]).filter(
          (x: unknown) => !(x instanceof File && x.size === 0),
        ),
      z.array(z.instanceof(File)).max(max),
    )
    .optional();

/** Paging fields every list call takes. */
export const paging = (fallbackLimit: number) => ({ page: page(), limit: limit(fallbackLimit) });

export const password = () => z.string().min(8).max(200);

/** YYYY-MM-DD that is a real calendar date. */
export const isoDate = () =>
  z.preprocess(
    (v: string) => blankToUndefined(v),
    matching(/^\d{4}-\d{2}-\d{2}$/, "mustBeDate").refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      { params: { reason: "mustBeDate" } },
    ),
  );

/** What the catalogue lists take as a status filter. */
export type StatusFilterInput = "" | "all" | "active" | "inactive" | BoolInput | null | undefined;

/**
 * A status filter of the catalogue and user lists: "active"/"inactive", booleans or 1/0; blank or
 * "all" means any.
 */
export const statusFilter = () =>
  z.preprocess(
    (v: StatusFilterInput) => {
      if (v === undefined || v === null || v === "" || v === "all") return undefined;
      if (v === "active" || v === true || v === "true" || v === 1 || v === "1") return 1;
      if (v === "inactive" || v === false || v === "false" || v === 0 || v === "0") return 0;
      return v;
    },
    z.union([z.literal(0), z.literal(1)]).optional(),
  );

/** An optional field where blank (and null) also mean absent. */
export const blankIsAbsent = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v: z.input<T> | "" | null | undefined) => (v === "" || v === null ? undefined : v), inner.optional());
