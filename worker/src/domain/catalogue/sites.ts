import { sql } from "kysely";
import { likeAnywhere, type DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { ColumnsOf } from "../../db/rows";
import { imageUrl } from "../storage/files";

export const SITE_COLUMNS = [
  "siteId",
  "siteName",
  "siteDesc",
  "sitePrice",
  "siteIsUse",
  "siteImage",
  "createdAt",
  "updatedAt",
] as const;

export type SiteRow = ColumnsOf<"sites", typeof SITE_COLUMNS>;

export function toSite(row: SiteRow) {
  return { ...row, siteIsUse: row.siteIsUse === 1, siteImage: imageUrl(row.siteImage) };
}

/** searchsite as a list (db/list.ts): by name (sites_name, sites_use). Sites are few: a search is a LIKE on their names. */
export function siteList(
  db: DB,
  filter: { search: string; status: 0 | 1 | undefined },
): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = db.selectFrom("sites").select(SITE_COLUMNS);
  if (filter.status !== undefined) query = query.where("siteIsUse", "=", filter.status);
  if (filter.search) query = query.where(sql<boolean>`siteName LIKE ${likeAnywhere(filter.search)} ESCAPE '\\'`);
  return {
    query,
    order: [
      ["siteName", "asc"],
      ["siteId", "asc"],
    ],
  };
}
