import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { ColumnsOf } from "../../db/rows";

/** A bundle's optional name and description in English, French and Arabic (migration 0230). */
export const BUNDLE_TEXT_COLUMNS = [
  "bundleName",
  "bundleNameFr",
  "bundleNameAr",
  "bundleDesc",
  "bundleDescFr",
  "bundleDescAr",
] as const;

export type BundleTexts = Record<(typeof BUNDLE_TEXT_COLUMNS)[number], string>;

export const BUNDLE_COLUMNS = [
  "bundleId",
  "bundlePoin",
  "bundlePPP",
  "bundleDisc",
  "bundlePrice",
  "bundleIsActive",
  "bundleValidDays",
  ...BUNDLE_TEXT_COLUMNS,
  "createdAt",
  "updatedAt",
] as const;

export type BundleRow = ColumnsOf<"bundles", typeof BUNDLE_COLUMNS>;

export const toBundle = (row: BundleRow) => ({ ...row, bundleIsActive: row.bundleIsActive === 1 });

/** searchbundle as a list (db/list.ts): smallest pack first, as a price list reads (bundles_points, bundles_active). */
export function bundleList(db: DB, isActive: 0 | 1 | undefined): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = db.selectFrom("bundles").select(BUNDLE_COLUMNS);
  if (isActive !== undefined) query = query.where("bundleIsActive", "=", isActive);
  return {
    query,
    order: [
      ["bundlePoin", "asc"],
      ["bundleId", "asc"],
    ],
  };
}
