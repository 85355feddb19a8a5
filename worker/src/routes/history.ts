import { sql } from "kysely";
import { z } from "zod";
import { scopeOf } from "../auth/ability";
import { ftsMatches, ftsQuery, likeAnywhere, nowIso, type DB } from "../db";
import { readFolded } from "../db/folded";
import { cappedTotal, counterName, counterTotal, pageWindow, scannedTotal, SEARCH_SCAN, totalOf } from "../db/counts";
import { searchTotal } from "../db/search-totals";
import { audit } from "../domain/audit";
import { actorOf, domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { badRequest, conflict, forbidden, msg, notFound, requiredField } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { claimTag } from "../domain/jobs/claims";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { jobDoneMail, jobFailedMail } from "../domain/jobs/mails";
import { loadHistoryView, selectHistoryView, toHistoryView, type HistoryViewRow } from "../domain/jobs/view";
import { queueMail } from "../domain/outbox/queue";
import { deleteStored, storeUpload } from "../domain/storage/files";
import { historyCalls, searchHistoryInput } from "../contract/history";

/** The filters of search-history a counter (migration 0090) covers, in the counter's name order. */
function counterFilters(ownerId: number | null, input: z.output<typeof searchHistoryInput>) {
  const filters: Array<readonly [string, number]> = [];
  const site = input.selectedVendor;
  const vendor = input.vendorId;
  // Counted families: user[,status]; site[,vendor][,status]; vendor[,status]; status; nothing.
  if (ownerId !== null) {
    if (site || vendor) return null;
    filters.push(["user", ownerId]);
  }
  if (site) filters.push(["site", site]);
  if (vendor) filters.push(["vendor", vendor]);
  if (input.status !== undefined) filters.push(["status", input.status]);
  return filters;
}

/**
 * The page and total statements of search-history (exported for the query-plan test). `ownerId` limits
 * to one user's jobs. Filters are indexed columns (history_user, history_site, history_vendor,
 * history_status and their status twins); the total comes from a counter. A text search alone walks
 * history_fts and counts up to COUNT_CAP; a search with filters, a 1–2 character search (LIKE) or a
 * filter pair no counter covers looks at the SEARCH_SCAN newest candidates (db/counts.ts).
 */
export function historySearchQueries(db: DB, ownerId: number | null, input: z.output<typeof searchHistoryInput>) {
  const window = pageWindow(input.page, input.limit);
  const conds = [];
  if (ownerId !== null) conds.push(sql`h.userId = ${ownerId}`);
  if (input.selectedVendor) conds.push(sql`h.siteId = ${input.selectedVendor}`);
  if (input.vendorId) conds.push(sql`h.vendorId = ${input.vendorId}`);
  if (input.status !== undefined) conds.push(sql`h.status = ${input.status}`);
  const match = ftsQuery(input.search);
  const like = !match && input.search ? likeAnywhere(input.search) : null;
  if (like) {
    conds.push(
      sql`(h.fileName LIKE ${like} ESCAPE '\\' OR h.siteName LIKE ${like} ESCAPE '\\' OR h.vendorName LIKE ${like} ESCAPE '\\')`,
    );
  }
  const where = conds.length ? sql<boolean>`${sql.join(conds, sql` AND `)}` : sql<boolean>`1`;
  const paged = <Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q) =>
    query.limit(window.limit).offset(window.offset);
  const filters = counterFilters(ownerId, input);

  if (!match && !like && filters) {
    const page = selectHistoryView(db).where(where).orderBy("h.createdAt", "desc").orderBy("h.historyId", "desc");
    return { statements: [paged(page), counterTotal(db, counterName("history", ...filters))], readTotal: totalOf };
  }
  if (match && conds.length === 0) {
    const total = searchTotal(db, ["history"], match, cappedTotal(db, ftsMatches(db, "history_fts", match)), window);
    const page = total.page(
      // historyId grows with time: the FTS index's order is newest first, and a page stops after its ids.
      (walk) => paged(ftsMatches(db, "history_fts", walk).orderBy(sql`rowid`, "desc")),
      (ids) => selectHistoryView(db, { ids }).orderBy("h.historyId", "desc"),
      "historyId",
    );
    return { statements: [page, total.statement], readTotal: total.read };
  }
  const candidates = candidateJobs(db, match, ownerId, input);
  const hits = db
    .selectFrom(candidates.as("c"))
    .crossJoin("history as h")
    .whereRef("h.historyId", "=", "c.id")
    .select(["c.id", sql<number>`${where}`.as("hit")]);
  // The page's ids first, then the view (and its join) for those rows alone.
  const ids = paged(
    hits.where(where).clearSelect().select("h.historyId as id").orderBy("h.createdAt", "desc").orderBy("h.historyId", "desc"),
  );
  const page = selectHistoryView(db, { ids }).orderBy("h.createdAt", "desc").orderBy("h.historyId", "desc");
  return { statements: [page, scannedTotal(db, hits)], readTotal: totalOf };
}

/** At most SEARCH_SCAN job ids to check one by one: the newest text matches, or the newest jobs of the narrowest filter. */
function candidateJobs(db: DB, match: string | null, ownerId: number | null, input: z.output<typeof searchHistoryInput>) {
  if (match) {
    return ftsMatches(db, "history_fts", match)
      .orderBy(sql`rowid`, "desc")
      .limit(SEARCH_SCAN);
  }
  let newest = db.selectFrom("history").select("historyId as id");
  if (ownerId !== null) newest = newest.where("userId", "=", ownerId);
  else if (input.vendorId) newest = newest.where("vendorId", "=", input.vendorId);
  else if (input.selectedVendor) newest = newest.where("siteId", "=", input.selectedVendor);
  else if (input.status !== undefined) newest = newest.where(sql<boolean>`status = ${input.status}`);
  return newest.orderBy("createdAt", "desc").limit(SEARCH_SCAN);
}

const searchHistory = route(historyCalls["search-history"], {
  async handler(ctx, input) {
    const scope = scopeOf(ctx.ability, "read", "History");
    if (scope === "none") throw forbidden(msg("notAllowed", { action: "read", subject: "History" }), "missing_permission");
    // A client's own jobs only, whatever userId they send.
    const ownerId = scope === "own" ? requireUser(ctx).userId : (input.userId ?? null);
    const { statements, readTotal } = historySearchQueries(ctx.db, ownerId, input);
    const [rows, total] = await readFolded(ctx.env.DB, statements);
    const data = (rows!.results as unknown as HistoryViewRow[]).map(toHistoryView);
    return list(data, readTotal(total, rows!.results), input.page, input.limit);
  },
});

const updateHistory = route(historyCalls["update-history"], {
  async handler(ctx, input) {
    if (input.status === 1 && input.similarity === undefined) throw requiredField("similarity");
    if (input.status === 2 && input.report) throw badRequest("reportOnlyWhenDone", "invalid_input", "report");
    const job = await loadJob(ctx, input.uniqueId);
    if (job.status !== 0) throw alreadyFinished();

    const report = input.report ? await storeUpload(ctx.env.FILES, input.report, "report", "report") : null;
    const d1 = ctx.env.DB;
    const now = nowIso();
    // An agent finishes only a job it still holds (a claim that timed out may have moved on).
    const agentClaim = ctx.agent ? claimTag(actorOf(ctx)) : null;
    const mailTo = {
      to: job.userEmail,
      name: job.userName,
      siteName: job.siteName,
      fileName: job.fileName,
      language: job.mailLanguage,
    };
    // Only a queued job changes; the guard then rolls the rest back, so a replay refunds or mails nothing.
    const finish =
      input.status === 1
        ? d1
            .prepare(
              `UPDATE history SET status = 1, similarity = ?1, reportKey = ?2, reportName = ?3, claimedAt = NULL, updatedAt = ?4
               WHERE uniqueId = ?5 AND status = 0 AND (?6 IS NULL OR claimedBy = ?6)`,
            )
            .bind(input.similarity, report?.key ?? null, report?.name ?? null, now, job.uniqueId, agentClaim)
        : d1
            .prepare(
              "UPDATE history SET status = 2, claimedAt = NULL, updatedAt = ?1 WHERE uniqueId = ?2 AND status = 0 AND (?3 IS NULL OR claimedBy = ?3)",
            )
            .bind(now, job.uniqueId, agentClaim);
    const followUps =
      input.status === 1
        ? [queueMail(ctx.db, jobDoneMail(portalOf(ctx), mailTo, input.similarity!, report !== null))]
        : [
            ...(job.pointsSpent > 0
              ? [
                  // ref is UNIQUE: a refund can exist once per job, whatever happens above.
                  d1
                    .prepare("INSERT INTO quota_ledger (userId, delta, reason, ref, note) VALUES (?1, ?2, 'refund', ?3, ?4)")
                    .bind(job.userId, job.pointsSpent, `refund:${job.uniqueId}`, job.siteName.slice(0, 200)),
                  d1
                    .prepare("UPDATE users SET userQuota = userQuota + ?1, updatedAt = ?2 WHERE userId = ?3")
                    .bind(job.pointsSpent, now, job.userId),
                ]
              : []),
            queueMail(ctx.db, jobFailedMail(portalOf(ctx), mailTo, job.pointsSpent)),
          ];
    try {
      await runGuardedBatch(
        d1,
        [
          finish,
          abortUnlessChanged(d1),
          ...followUps,
          audit(domainOf(ctx), {
            action: input.status === 1 ? "job.done" : "job.failed",
            subject: "History",
            subjectId: job.uniqueId,
            detail: {
              similarity: input.similarity ?? null,
              report: report?.name ?? null,
              refunded: input.status === 2 ? job.pointsSpent : 0,
            },
          }),
        ],
        () => (ctx.agent ? notFound("noSuchJob") : alreadyFinished()),
      );
    } catch (error) {
      if (report) await deleteStored(ctx.env.FILES, report.key);
      throw error;
    }
    return json({
      message: success(ctx, input.status === 1 ? "jobDone" : "jobFailedAndRefunded"),
      history: await loadHistoryView(ctx.db, job.uniqueId),
    });
  },
});

const alreadyFinished = () => conflict("jobFinished", "job_finished");

/** The job an update may touch: any for admins, only its own claims for an agent; others' → 404. */
async function loadJob(ctx: Ctx, uniqueId: string) {
  const job = await ctx.db
    .selectFrom("history as h")
    .innerJoin("users as u", "u.userId", "h.userId")
    .select([
      "h.uniqueId",
      "h.userId",
      "h.status",
      "h.pointsSpent",
      "h.siteName",
      "h.fileName",
      "h.claimedBy",
      "u.userEmail",
      "u.userName",
      "u.mailLanguage",
    ])
    .where("h.uniqueId", "=", uniqueId)
    .executeTakeFirst();
  if (!job) throw notFound("noSuchJob");
  if (ctx.agent && job.claimedBy !== claimTag(actorOf(ctx))) throw notFound("noSuchJob");
  if (ctx.user && scopeOf(ctx.ability, "update", "History") !== "all" && job.userId !== ctx.user.userId) {
    throw notFound("noSuchJob");
  }
  return job;
}

export const historyRoutes = [searchHistory, updateHistory];
