import { sql } from "kysely";
import { z } from "zod";
import { scopeOf } from "../auth/ability";
import { ftsMatches, ftsQuery, likeAnywhere, nowIso, type DB } from "../db";
import { runFolded } from "../db/folded";
import { cappedTotal, counterName, counterTotal, pageWindow, scannedTotal, SEARCH_SCAN, totalOf } from "../db/counts";
import { NOTHING_REMEMBERED, rememberedSearch, searchMemory, type RememberedValues } from "../db/search-totals";
import { statementTemplate } from "../db/templates";
import { audit } from "../domain/audit";
import { actorOf, domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { badRequest, conflict, forbidden, msg, notFound, requiredField } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { claimTag } from "../domain/jobs/claims";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { jobNotices } from "../domain/jobs/notices";
import { loadHistoryView, selectHistoryView, toHistoryView, type HistoryViewRow } from "../domain/jobs/view";
import { deleteStored, storeUpload } from "../domain/storage/files";
import { historyCalls, searchHistoryInput } from "../contract/history";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { mailQueueOf } from "../http/settings";

/** The values of a search-history request its statement binds (db/templates.ts); null: not set. */
type HistoryListValues = RememberedValues & {
  ownerId: number | null;
  /** The vendor site (selectedVendor) and the vendor account. */
  siteId: number | null;
  vendorId: number | null;
  status: number | null;
  /** A search's FTS expression, or its LIKE pattern when it has no word of 3 or more characters. */
  match: string | null;
  like: string | null;
  /** Without a search, the counter of the filters when one covers them. */
  counter: string | null;
  offset: number;
  limit: number;
};

/** The filters of search-history a counter (migration 0090) covers, in the counter's name order. */
function counterFilters(v: Pick<HistoryListValues, "ownerId" | "siteId" | "vendorId" | "status">) {
  const filters: Array<readonly [string, number]> = [];
  // Counted families: user[,status]; site[,vendor][,status]; vendor[,status]; status; nothing.
  if (v.ownerId !== null) {
    if (v.siteId !== null || v.vendorId !== null) return null;
    filters.push(["user", v.ownerId]);
  }
  if (v.siteId !== null) filters.push(["site", v.siteId]);
  if (v.vendorId !== null) filters.push(["vendor", v.vendorId]);
  if (v.status !== null) filters.push(["status", v.status]);
  return filters;
}

/** A text search with no filter: what is counted from the FTS index alone and remembered. */
const searchAlone = (v: HistoryListValues) =>
  v.match !== null && v.ownerId === null && v.siteId === null && v.vendorId === null && v.status === null;

/**
 * A search-history request as its statement's values, and the memory of its search when it has one.
 * `ownerId` limits to one user's jobs.
 */
export function historyListValues(ownerId: number | null, input: z.output<typeof searchHistoryInput>) {
  const window = pageWindow(input.page, input.limit);
  const match = ftsQuery(input.search);
  const like = !match && input.search ? likeAnywhere(input.search) : null;
  const filters = {
    ownerId,
    siteId: input.selectedVendor || null,
    vendorId: input.vendorId || null,
    status: input.status ?? null,
  };
  const counted = counterFilters(filters);
  const values: HistoryListValues = {
    ...filters,
    match,
    like,
    counter: !match && !like && counted ? counterName("history", ...counted) : null,
    offset: window.offset,
    limit: window.limit,
    ...NOTHING_REMEMBERED,
  };
  const memory = searchAlone(values) ? searchMemory(["history"], `search-history\u0000${match}`, window) : null;
  return { values: memory ? { ...values, ...memory.values } : values, memory };
}

/**
 * The page and total statements of search-history. Filters are indexed columns (history_user,
 * history_site, history_vendor, history_status and their status twins); the total comes from a counter.
 * A text search alone walks history_fts and counts up to COUNT_CAP; a search with filters, a 1–2
 * character search (LIKE) or a filter pair no counter covers looks at the SEARCH_SCAN newest candidates
 * (db/counts.ts).
 */
function historyListStatement(db: DB, v: HistoryListValues) {
  const conds = [];
  if (v.ownerId !== null) conds.push(sql`h.userId = ${v.ownerId}`);
  if (v.siteId !== null) conds.push(sql`h.siteId = ${v.siteId}`);
  if (v.vendorId !== null) conds.push(sql`h.vendorId = ${v.vendorId}`);
  if (v.status !== null) conds.push(sql`h.status = ${v.status}`);
  if (v.like !== null) {
    conds.push(
      sql`(h.fileName LIKE ${v.like} ESCAPE '\\' OR h.siteName LIKE ${v.like} ESCAPE '\\' OR h.vendorName LIKE ${v.like} ESCAPE '\\')`,
    );
  }
  const where = conds.length ? sql<boolean>`${sql.join(conds, sql` AND `)}` : sql<boolean>`1`;
  const paged = <Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q) => query.limit(v.limit).offset(v.offset);

  if (v.counter !== null) {
    const page = selectHistoryView(db).where(where).orderBy("h.createdAt", "desc").orderBy("h.historyId", "desc");
    return [paged(page), counterTotal(db, v.counter)];
  }
  if (searchAlone(v)) {
    return rememberedSearch(db, ["history"], v, {
      match: v.match!,
      // historyId grows with time: the FTS index's order is newest first, and a page stops after its ids.
      walk: (walk) => paged(ftsMatches(db, "history_fts", walk).orderBy(sql`rowid`, "desc")),
      fromIds: (ids) => selectHistoryView(db, { ids }).orderBy("h.historyId", "desc"),
      total: cappedTotal(db, ftsMatches(db, "history_fts", v.match!)),
    });
  }
  const candidates = candidateJobs(db, v);
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
  return [page, scannedTotal(db, hits)];
}

/** search-history's statement: its page, then its total, built once per shape and bound per request. */
export const historyList = statementTemplate<HistoryListValues>(historyListStatement);

/** search-history's statement for one request, built directly (a test reads its query plans). */
export function historySearchQueries(db: DB, ownerId: number | null, input: z.output<typeof searchHistoryInput>) {
  return historyList.direct(db, historyListValues(ownerId, input).values);
}

/** At most SEARCH_SCAN job ids to check one by one: the newest text matches, or the newest jobs of the narrowest filter. */
function candidateJobs(db: DB, v: HistoryListValues) {
  if (v.match !== null) {
    return ftsMatches(db, "history_fts", v.match)
      .orderBy(sql`rowid`, "desc")
      .limit(SEARCH_SCAN);
  }
  let newest = db.selectFrom("history").select("historyId as id");
  if (v.ownerId !== null) newest = newest.where("userId", "=", v.ownerId);
  else if (v.vendorId !== null) newest = newest.where("vendorId", "=", v.vendorId);
  else if (v.siteId !== null) newest = newest.where("siteId", "=", v.siteId);
  else if (v.status !== null) newest = newest.where(sql<boolean>`status = ${v.status}`);
  return newest.orderBy("createdAt", "desc").limit(SEARCH_SCAN);
}

const searchHistory = route(historyCalls["search-history"], {
  async handler(ctx, input) {
    const scope = scopeOf(ctx.ability, "read", "History");
    if (scope === "none") throw forbidden(msg("notAllowed", { action: "read", subject: "History" }), "missing_permission");
    // A client's own jobs only, whatever userId they send.
    const ownerId = scope === "own" ? requireUser(ctx).userId : (input.userId ?? null);
    const { values, memory } = historyListValues(ownerId, input);
    const [rows, total] = await runFolded(ctx.env.DB, historyList.parts(ctx.db, values));
    const data = (rows!.results as unknown as HistoryViewRow[]).map(toHistoryView);
    const counted = memory ? memory.read(total, { rows: rows!.results, id: "historyId" }) : totalOf(total);
    return list(data, counted, input.page, input.limit);
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
    const notices = await jobNotices(
      ctx.db,
      portalOf(ctx),
      ctx.env.SESSION_PEPPER,
      job,
      input.status === 1 ? { status: 1, similarity: input.similarity!, hasReport: report !== null } : { status: 2 },
    );
    const followUps =
      input.status === 1
        ? notices
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
            ...notices,
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
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
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
      "u.deletedAt",
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
