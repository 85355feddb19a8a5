import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

/** A bundle: a pack of points; its price is computed by the database. */
export const bundle = z.strictObject({
  bundleId: z.number().int(),
  bundlePoin: z.number().int(),
  bundlePPP: z.number().int(),
  bundleDisc: z.number().int(),
  bundlePrice: z.number().int(),
  bundleIsActive: z.boolean(),
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
