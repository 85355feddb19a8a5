import { sql } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere, type DB } from "../../db";
import { SEARCH_SCAN, type AnySelect, type ListOptions } from "../../db/list";

const AUDIT_COLUMNS = [
  "a.auditId",
  "a.actorId",
  "a.actorEmail",
  "a.action",
  "a.subject",
  "a.subjectId",
  "a.outcome",
  "a.detail",
  "a.ip",
  "a.createdAt",
] as const;

/** A search-audit request's filters. */
export interface AuditFilter {
  search: string;
  outcome?: string | undefined;
}

/**
 * search-audit as a list (db/list.ts): newest rows first, by id; an outcome walks audit_outcome. Words
 * of 3+ characters go through the trigram index (migration 0060): alone, every match is walked; with an
 * outcome, or for 1–2 characters (LIKE), the SEARCH_SCAN newest matches (or rows) are checked one by one.
 */
export function auditList(db: DB, filter: AuditFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  const match = ftsQuery(filter.search);
  const newest = [[sql`a.auditId`, "desc"]] as const;
  const rows = (query: AnySelect) => (filter.outcome ? query.where(sql.ref("a.outcome"), "=", filter.outcome) : query);
  if (!filter.search) return { query: rows(db.selectFrom("audit_log as a").select(AUDIT_COLUMNS)), order: newest };
  if (match !== null && !filter.outcome) {
    const query = db
      .selectFrom("audit_log_fts as f")
      .leftJoin("audit_log as a", "a.auditId", "f.rowid")
      .where(sql<boolean>`audit_log_fts MATCH ${match}`)
      .select(AUDIT_COLUMNS);
    return { query, order: [[sql`f.rowid`, "desc"]] };
  }
  const candidates =
    match !== null
      ? ftsMatches(db, "audit_log_fts", match)
          .orderBy(sql`rowid`, "desc")
          .limit(SEARCH_SCAN)
      : db.selectFrom("audit_log").select("auditId as id").orderBy("auditId", "desc").limit(SEARCH_SCAN);
  let query = rows(
    db.selectFrom(candidates.as("c")).crossJoin("audit_log as a").whereRef("a.auditId", "=", "c.id").select(AUDIT_COLUMNS),
  );
  if (match === null) {
    const like = likeAnywhere(filter.search);
    query = query.where(
      sql<boolean>`(a.action LIKE ${like} ESCAPE '\\' OR a.actorEmail LIKE ${like} ESCAPE '\\' OR a.subject LIKE ${like} ESCAPE '\\')`,
    );
  }
  return { query, order: newest, count: { scanned: candidates, scan: SEARCH_SCAN } };
}
