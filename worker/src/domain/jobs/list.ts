import { sql } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere, type DB } from "../../db";
import { SEARCH_SCAN, type AnySelect, type ListOptions } from "../../db/list";
import { selectHistoryView } from "./view";

/** search-history's filters (contract: history.ts); `ownerId` limits to one user's jobs. */
export interface JobFilter {
  ownerId: number | null;
  siteId?: number | undefined;
  vendorId?: number | undefined;
  status?: number | undefined;
  search: string;
}

/**
 * search-history as a list (db/list.ts): newest jobs first. Each filter walks its index (history_user,
 * history_site, history_site_status, history_vendor, history_status); the unfiltered total is the
 * 'history' counter. A text search alone walks the FTS matches; with filters, or of 1–2 characters
 * (LIKE), it checks the SEARCH_SCAN newest matches (or newest jobs of the filters) one by one.
 */
export function jobList(db: DB, filter: JobFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  const match = ftsQuery(filter.search);
  const like = filter.search && !match ? likeAnywhere(filter.search) : null;
  const filtered =
    filter.ownerId !== null || filter.siteId !== undefined || filter.vendorId !== undefined || filter.status !== undefined;
  const filters = <Q extends AnySelect>(query: Q) => {
    let q = query;
    if (filter.ownerId !== null) q = q.where(sql.ref("h.userId"), "=", filter.ownerId) as Q;
    if (filter.siteId !== undefined) q = q.where(sql.ref("h.siteId"), "=", filter.siteId) as Q;
    if (filter.vendorId !== undefined) q = q.where(sql.ref("h.vendorId"), "=", filter.vendorId) as Q;
    if (filter.status !== undefined) q = q.where(sql.ref("h.status"), "=", filter.status) as Q;
    return q;
  };
  const newest = [[sql`h.historyId`, "desc"]] as const;

  if (match !== null && !filtered) {
    return { query: selectHistoryView(db, { match }), order: [[sql`f.rowid`, "desc"]] };
  }
  if (match !== null) {
    const candidates = ftsMatches(db, "history_fts", match)
      .orderBy(sql`rowid`, "desc")
      .limit(SEARCH_SCAN);
    return {
      query: filters(selectHistoryView(db, { ids: candidates })),
      order: newest,
      count: { scanned: candidates, scan: SEARCH_SCAN },
    };
  }
  if (like !== null) {
    const candidates = filters(db.selectFrom("history as h").select("h.historyId as id"))
      .orderBy("h.historyId", "desc")
      .limit(SEARCH_SCAN);
    const text = sql<boolean>`(h.fileName LIKE ${like} ESCAPE '\\' OR h.siteName LIKE ${like} ESCAPE '\\' OR h.vendorName LIKE ${like} ESCAPE '\\')`;
    return {
      query: selectHistoryView(db, { ids: candidates }).where(text),
      order: newest,
      count: { scanned: candidates, scan: SEARCH_SCAN },
    };
  }
  return { query: filters(selectHistoryView(db)), order: newest, count: { exact: "history", of: db.selectFrom("history as h") } };
}
