import { z } from "zod";

/**
 * Field builders shared by every call's schema. They accept JSON values and the strings multipart
 * sends ("true"/"false"/"1"/"0", numbers as text) and coerce them, so one schema serves both bodies.
 */

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const toNumber = (value: unknown) => {
  const v = blankToUndefined(value);
  return typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
};

const toBoolean = (value: unknown) => {
  if (value === "true" || value === "1" || value === 1) return true;
  if (value === "false" || value === "0" || value === 0) return false;
  return blankToUndefined(value);
};

/** Non-blank text, trimmed. Blank or missing → `The field "x" is required.` */
export const text = (max = 200) => z.preprocess(blankToUndefined, z.string().trim().min(1).max(max));

/** Optional text, trimmed; missing or blank becomes "". */
export const optionalText = (max = 2000) =>
  z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().trim().max(max));

export const int = (min: number, max: number) => z.preprocess(toNumber, z.number().int().min(min).max(max));

export const bool = () => z.preprocess(toBoolean, z.boolean());

export const email = () =>
  z.preprocess((v) => (typeof v === "string" ? blankToUndefined(v.trim().toLowerCase()) : v), z.email().max(254));

/** A row id: a positive integer. */
export const id = () => int(1, Number.MAX_SAFE_INTEGER);

/** 0 or absent means "new". */
export const idOrNew = () =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? 0 : toNumber(v)), z.number().int().min(0));

export const page = () => int(1, 1_000_000).default(1);
export const limit = (fallback: number) => int(1, 100).default(fallback);
export const search = () => optionalText(200);

export const file = () => z.instanceof(File);
/** An optional upload: an empty file input (size 0, or a blank string) counts as absent. */
export const optionalFile = () =>
  z.preprocess((v) => (v instanceof File && v.size === 0 ? undefined : blankToUndefined(v)), z.instanceof(File).optional());

/** Paging fields every list call takes. */
export const paging = (fallbackLimit: number) => ({ page: page(), limit: limit(fallbackLimit) });

export const password = () => z.string().min(8).max(200);

/** YYYY-MM-DD that is a real calendar date. */
export const isoDate = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
        message: "must be a date (YYYY-MM-DD)",
      }),
  );
