import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

/** The longest name and description a bundle may carry, per language. */
export const BUNDLE_NAME_MAX = 60;
export const BUNDLE_DESC_MAX = 200;

/**
 * A bundle's optional name and short description in English, French and Arabic ("" = none: pages show
 * its points; French and Arabic fall back to English). Public: the pricing pages show them.
 */
export const bundleTexts = {
  bundleName: z.string().meta({ description: 'The bundle\'s name in English, or "".' }),
  bundleNameFr: z.string().meta({ description: 'Its name in French, or "" (English is shown).' }),
  bundleNameAr: z.string().meta({ description: 'Its name in Arabic, or "" (English is shown).' }),
  bundleDesc: z.string().meta({ description: 'A short description in English, or "".' }),
  bundleDescFr: z.string(),
  bundleDescAr: z.string(),
};

/** A text of updatebundle: absent keeps the stored one, blank or null clears it. */
const bundleText = (max: number) =>
  z.preprocess((v: string | null | undefined) => (v === null ? "" : v), z.string().trim().max(max).optional());

/** The longest validity a bundle's points may carry, in days (ten years). */
export const BUNDLE_VALID_DAYS_MAX = 3650;

/** updatebundle's validity: absent keeps the stored one, blank or null means the points never expire. */
const validDays = z
  .preprocess(
    (v: number | string | null | undefined) => (v === "" ? null : v),
    f.int(1, BUNDLE_VALID_DAYS_MAX).nullable().optional(),
  )
  .meta({ description: "Days the points stay valid once bought (1–3650); null or blank: they never expire." });

/** A bundle: a pack of points; its price is computed by the database. */
export const bundle = z.strictObject({
  bundleId: z.number().int(),
  bundlePoin: z.number().int(),
  bundlePPP: z.number().int(),
  bundleDisc: z.number().int(),
  bundlePrice: z.number().int(),
  bundleIsActive: z.boolean(),
  bundleValidDays: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Days its points stay valid once bought; null: they never expire (decision 0028)." }),
  ...bundleTexts,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

export const bundleCalls = defineCalls({
  searchbundle: {
    summary: "Bundles, smallest first; those who cannot manage bundles see the active ones only.",
    access: ["read", "Bundle"],
    input: z.object({ isActive: f.statusFilter(), ...f.paging(12) }),
    answer: listOf(bundle),
  },
  updatebundle: {
    summary: "Creates (bundleId 0 or absent) or updates a bundle.",
    access: ["manage", "Bundle"],
    input: z.object({
      bundleId: f.idOrNew(),
      bundlePoin: f.int(1, 1_000_000),
      // Price per point in the currency's minor unit; the cap keeps the computed price a safe integer.
      bundlePPP: f.int(0, 10_000_000),
      bundleDisc: f.int(0, 100),
      bundleIsActive: f.bool(),
      bundleValidDays: validDays,
      bundleName: bundleText(BUNDLE_NAME_MAX),
      bundleNameFr: bundleText(BUNDLE_NAME_MAX),
      bundleNameAr: bundleText(BUNDLE_NAME_MAX),
      bundleDesc: bundleText(BUNDLE_DESC_MAX),
      bundleDescFr: bundleText(BUNDLE_DESC_MAX),
      bundleDescAr: bundleText(BUNDLE_DESC_MAX),
    }),
    answer: z.strictObject({ message: z.string(), bundle }),
  },
  deletebundle: {
    summary: "Deletes a bundle; payments keep their frozen lines, carts lose it.",
    access: ["manage", "Bundle"],
    input: z.object({ bundleId: f.id() }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Bundles: bundleCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { Bundle: bundle };
