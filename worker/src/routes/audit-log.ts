import { sql } from "kysely";
import { ftsQuery, likeAnywhere, runBatch } from "../db";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { adminCalls } from "../contract/admin";

const searchAudit = route(adminCalls["search-audit"], {
  async handler(ctx, { search, outcome, page, limit }) {
    let base = ctx.db.selectFrom("audit_log");
    const match = ftsQuery(search);
    if (match) {
      // Words of 3+ characters go through the trigram index (migration 0060); shorter ones fall back to LIKE.
      base = base.where(sql<boolean>`auditId IN (SELECT rowid FROM audit_log_fts WHERE audit_log_fts MATCH ${match})`);
    } else if (search) {
      const like = likeAnywhere(search);
      base = base.where(
        sql<boolean>`(action LIKE ${like} ESCAPE '\\' OR actorEmail LIKE ${like} ESCAPE '\\' OR subject LIKE ${like} ESCAPE '\\')`,
      );
    }
    if (outcome) base = base.where("outcome", "=", outcome);
    // Newest first walks the audit_newest index and stops at the page.
    const [rows, count] = await runBatch(ctx.env.DB, [
      base
        .select(["auditId", "actorId", "actorEmail", "action", "subject", "subjectId", "outcome", "detail", "ip", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("auditId", "desc")
        .limit(limit)
        .offset((page - 1) * limit),
      base.select((eb) => eb.fn.countAll<number>().as("n")),
    ]);
    type StoredRow = Omit<ListRowOf<"search-audit">, "detail"> & { detail: string };
    const data = (rows!.results as unknown as StoredRow[]).map((r) => ({ ...r, detail: parseDetail(r.detail) }));
    return list(data, Number((count!.results[0] as { n: number }).n), page, limit);
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
