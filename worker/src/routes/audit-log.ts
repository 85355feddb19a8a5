import { sql } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere } from "../db";
import { readFolded, type Rows } from "../db/folded";
import {
  cappedTotal,
  counterName,
  counterTotal,
  pageWindow,
  scannedTotal,
  SEARCH_SCAN,
  totalOf,
  type ListTotal,
} from "../db/counts";
import { searchTotal } from "../db/search-totals";
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

const searchAudit = route(adminCalls["search-audit"], {
  async handler(ctx, { search, outcome, page, limit }) {
    const window = pageWindow(page, limit);
    const db = ctx.db;
    const match = ftsQuery(search);
    const like = !match && search ? likeAnywhere(search) : null;
    const conds = [];
    if (outcome) conds.push(sql`a.outcome = ${outcome}`);
    if (like)
      conds.push(
        sql`(a.action LIKE ${like} ESCAPE '\\' OR a.actorEmail LIKE ${like} ESCAPE '\\' OR a.subject LIKE ${like} ESCAPE '\\')`,
      );
    const where = conds.length ? sql<boolean>`${sql.join(conds, sql` AND `)}` : sql<boolean>`1`;
    let statements;
    let readTotal: (result: Rows | undefined, pageRows?: readonly unknown[]) => ListTotal = totalOf;
    if (!match && !like) {
      // Newest first walks audit_newest (audit_outcome with an outcome) and stops at the page.
      const rows = db
        .selectFrom("audit_log as a")
        .select(AUDIT_COLUMNS)
        .where(where)
        .orderBy("a.createdAt", "desc")
        .orderBy("a.auditId", "desc");
      const name = outcome ? counterName("audit", ["outcome", outcome]) : counterName("audit");
      statements = [rows.limit(window.limit).offset(window.offset), counterTotal(db, name)];
    } else if (match && !outcome) {
      // Words of 3+ characters go through the trigram index (migration 0060), newest (highest id) first.
      const total = searchTotal(db, ["audit"], match, cappedTotal(db, ftsMatches(db, "audit_log_fts", match)), window);
      const page = total.page(
        (walk) =>
          ftsMatches(db, "audit_log_fts", walk)
            .orderBy(sql`rowid`, "desc")
            .limit(window.limit)
            .offset(window.offset),
        (ids) =>
          db
            .selectFrom(ids.as("k"))
            .crossJoin("audit_log as a")
            .whereRef("a.auditId", "=", "k.id")
            .select(AUDIT_COLUMNS)
            .orderBy("a.auditId", "desc"),
        "auditId",
      );
      statements = [page, total.statement];
      readTotal = total.read;
    } else {
      // The SEARCH_SCAN newest text matches, or newest rows for 1–2 characters, checked one by one.
      const candidates = match
        ? ftsMatches(db, "audit_log_fts", match)
            .orderBy(sql`rowid`, "desc")
            .limit(SEARCH_SCAN)
        : db.selectFrom("audit_log").select("auditId as id").orderBy("createdAt", "desc").limit(SEARCH_SCAN);
      const joined = db.selectFrom(candidates.as("c")).crossJoin("audit_log as a").whereRef("a.auditId", "=", "c.id");
      const rows = joined.select(AUDIT_COLUMNS).where(where).orderBy("a.createdAt", "desc").orderBy("a.auditId", "desc");
      statements = [
        rows.limit(window.limit).offset(window.offset),
        scannedTotal(db, joined.select(["c.id", sql<number>`${where}`.as("hit")])),
      ];
    }
    const [rows, total] = await readFolded(ctx.env.DB, statements);
    type StoredRow = Omit<ListRowOf<"search-audit">, "detail"> & { detail: string };
    const data = (rows!.results as unknown as StoredRow[]).map((r) => ({ ...r, detail: parseDetail(r.detail) }));
    return list(data, readTotal(total, rows!.results), page, limit);
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
