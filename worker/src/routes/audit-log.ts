import { sql } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere } from "../db";
import { runFolded } from "../db/folded";
import { cappedTotal, counterName, counterTotal, pageWindow, scannedTotal, SEARCH_SCAN, totalOf } from "../db/counts";
import { NOTHING_REMEMBERED, rememberedSearch, searchMemory, type RememberedValues } from "../db/search-totals";
import { statementTemplate } from "../db/templates";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { adminCalls } from "../contract/admin";

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

/** The values of a search-audit request its statement binds (db/templates.ts); null: not set. */
type AuditListValues = RememberedValues & {
  outcome: string | null;
  /** A search's FTS expression, or its LIKE pattern when it has no word of 3 or more characters. */
  match: string | null;
  like: string | null;
  /** Without a search, the counter of the outcome. */
  counter: string | null;
  offset: number;
  limit: number;
};

/** A search-audit request: its search, outcome and page. */
export interface AuditFilter {
  search: string;
  outcome?: string | undefined;
  page: number;
  limit: number;
}

/** A search-audit request as its statement's values, and the memory of its search when it has one. */
export function auditListValues(input: AuditFilter) {
  const window = pageWindow(input.page, input.limit);
  const outcome = input.outcome || null;
  const match = ftsQuery(input.search);
  const like = !match && input.search ? likeAnywhere(input.search) : null;
  const values: AuditListValues = {
    outcome,
    match,
    like,
    counter: match || like ? null : outcome ? counterName("audit", ["outcome", outcome]) : counterName("audit"),
    offset: window.offset,
    limit: window.limit,
    ...NOTHING_REMEMBERED,
  };
  // A text search alone is counted from the FTS index alone: its total and pages are remembered (db/search-totals.ts).
  const memory = match && !outcome ? searchMemory(["audit"], `search-audit\u0000${match}`, window) : null;
  return { values: memory ? { ...values, ...memory.values } : values, memory };
}

/** search-audit's statement: its page, then its total, built once per shape and bound per request. */
export const auditList = statementTemplate<AuditListValues>((db, v) => {
  const conds = [];
  if (v.outcome !== null) conds.push(sql`a.outcome = ${v.outcome}`);
  if (v.like !== null)
    conds.push(
      sql`(a.action LIKE ${v.like} ESCAPE '\\' OR a.actorEmail LIKE ${v.like} ESCAPE '\\' OR a.subject LIKE ${v.like} ESCAPE '\\')`,
    );
  const where = conds.length ? sql<boolean>`${sql.join(conds, sql` AND `)}` : sql<boolean>`1`;
  if (v.counter !== null) {
    // Newest first walks audit_newest (audit_outcome with an outcome) and stops at the page.
    const rows = db
      .selectFrom("audit_log as a")
      .select(AUDIT_COLUMNS)
      .where(where)
      .orderBy("a.createdAt", "desc")
      .orderBy("a.auditId", "desc");
    return [rows.limit(v.limit).offset(v.offset), counterTotal(db, v.counter)];
  }
  if (v.match !== null && v.outcome === null) {
    // Words of 3+ characters go through the trigram index (migration 0060), newest (highest id) first.
    return rememberedSearch(db, ["audit"], v, {
      match: v.match,
      walk: (walk) =>
        ftsMatches(db, "audit_log_fts", walk)
          .orderBy(sql`rowid`, "desc")
          .limit(v.limit)
          .offset(v.offset),
      fromIds: (ids) =>
        db
          .selectFrom(ids.as("k"))
          .crossJoin("audit_log as a")
          .whereRef("a.auditId", "=", "k.id")
          .select(AUDIT_COLUMNS)
          .orderBy("a.auditId", "desc"),
      total: cappedTotal(db, ftsMatches(db, "audit_log_fts", v.match)),
    });
  }
  // The SEARCH_SCAN newest text matches, or newest rows for 1–2 characters, checked one by one.
  const candidates =
    v.match !== null
      ? ftsMatches(db, "audit_log_fts", v.match)
          .orderBy(sql`rowid`, "desc")
          .limit(SEARCH_SCAN)
      : db.selectFrom("audit_log").select("auditId as id").orderBy("createdAt", "desc").limit(SEARCH_SCAN);
  const joined = db.selectFrom(candidates.as("c")).crossJoin("audit_log as a").whereRef("a.auditId", "=", "c.id");
  const rows = joined.select(AUDIT_COLUMNS).where(where).orderBy("a.createdAt", "desc").orderBy("a.auditId", "desc");
  return [rows.limit(v.limit).offset(v.offset), scannedTotal(db, joined.select(["c.id", sql<number>`${where}`.as("hit")]))];
});

const searchAudit = route(adminCalls["search-audit"], {
  async handler(ctx, input) {
    const { values, memory } = auditListValues(input);
    const [rows, total] = await runFolded(ctx.env.DB, auditList.parts(ctx.db, values));
    type StoredRow = Omit<ListRowOf<"search-audit">, "detail"> & { detail: string };
    const data = (rows!.results as unknown as StoredRow[]).map((r) => ({ ...r, detail: parseDetail(r.detail) }));
    const counted = memory ? memory.read(total, { rows: rows!.results, id: "auditId" }) : totalOf(total);
    return list(data, counted, input.page, input.limit);
  },
});

function parseDetail(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export const auditLogRoutes = [searchAudit];
