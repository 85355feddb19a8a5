import { sql } from "kysely";
import { likeAnywhere, type DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { RowOf } from "../../db/rows";

/**
 * Vendor accounts as the API shows them. vendorSecret (the sealed cookie or password) is never
 * selected here: only whether one is stored.
 */
export function selectVendors(db: DB) {
  return db
    .selectFrom("vendor_accounts as v")
    .leftJoin("sites as s", "s.siteId", "v.vendorSiteID")
    .select([
      "v.vendorId",
      "v.vendorSiteID",
      "s.siteName",
      "v.vendorName",
      "v.loginMethod",
      "v.vendorEmail",
      "v.vendorIsActive",
      sql<number>`v.vendorSecret IS NOT NULL`.as("hasSecret"),
      "v.lastUsedAt",
      "v.createdAt",
      "v.updatedAt",
    ]);
}

export type VendorRow = RowOf<typeof selectVendors>;

export const toVendor = (row: VendorRow) => ({
  ...row,
  vendorIsActive: row.vendorIsActive === 1,
  hasSecret: row.hasSecret === 1,
});

export interface VendorFilter {
  search: string;
  siteId: number | undefined;
  status: 0 | 1 | undefined;
}

/**
 * searchvendor as a list (db/list.ts): by name (vendor_accounts_name, _status, _site). Accounts are few:
 * a search is a LIKE on their names.
 */
export function vendorList(db: DB, filter: VendorFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = selectVendors(db);
  if (filter.siteId !== undefined) query = query.where("v.vendorSiteID", "=", filter.siteId);
  if (filter.status !== undefined) query = query.where("v.vendorIsActive", "=", filter.status);
  if (filter.search) query = query.where(sql<boolean>`v.vendorName LIKE ${likeAnywhere(filter.search)} ESCAPE '\\'`);
  return {
    query,
    order: [
      ["v.vendorName", "asc"],
      ["v.vendorId", "asc"],
    ],
  };
}
