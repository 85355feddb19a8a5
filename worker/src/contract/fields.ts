import { z } from "zod";

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
export const search = () => optionalText(200);

export const file = () => z.instanceof(File);
/** An optional upload: an empty file input (size 0, or a blank string) counts as absent. */
export const optionalFile = () =>
  z.preprocess(
    (v: File | "" | null | undefined) => (v instanceof File && v.size === 0 ? undefined : blankToUndefined(v)),
    z.instanceof(File).optional(),
  );

/** Paging fields every list call takes. */
export const paging = (fallbackLimit: number) => ({ page: page(), limit: limit(fallbackLimit) });

export const password = () => z.string().min(8).max(200);

/** YYYY-MM-DD that is a real calendar date. */
export const isoDate = () =>
  z.preprocess(
    (v: string) => blankToUndefined(v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
        message: "must be a date (YYYY-MM-DD)",
      }),
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
