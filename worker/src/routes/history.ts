import { sql } from "kysely";
import { z } from "zod";
import { scopeOf } from "../auth/ability";
import { ftsQuery, likeAnywhere, nowIso, runBatch, type DB } from "../db";
import { audit } from "../domain/audit";
import { actorOf, domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { badRequest, conflict, forbidden, msg, notFound, requiredField } from "../errors";
import { json, list } from "../http/respond";
import { route } from "../http/route";
import { claimTag } from "../domain/jobs/claims";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { jobDoneMail, jobFailedMail } from "../domain/jobs/mails";
import { loadHistoryView, selectHistoryView, toHistoryView, type HistoryViewRow } from "../domain/jobs/view";
import { queueMail } from "../domain/outbox/queue";
import { deleteStored, storeUpload } from "../domain/storage/files";
import { historyCalls, searchHistoryInput } from "../contract/history";

/**
 * The page and count statements of search-history (exported for the query-plan test). `ownerId`
 * limits to one user's jobs; every filter is an indexed column (history_user, history_site,
 * history_vendor, history_status), text goes through history_fts.
 */
export function historySearchQueries(db: DB, ownerId: number | null, input: z.output<typeof searchHistoryInput>) {
  const conds = [];
  if (ownerId !== null) conds.push(sql`h.userId = ${ownerId}`);
  if (input.selectedVendor) conds.push(sql`h.siteId = ${input.selectedVendor}`);
  if (input.vendorId) conds.push(sql`h.vendorId = ${input.vendorId}`);
  if (input.status !== undefined) conds.push(sql`h.status = ${input.status}`);
  const match = ftsQuery(input.search);
  if (match) conds.push(sql`h.historyId IN (SELECT rowid FROM history_fts WHERE history_fts MATCH ${match})`);
  else if (input.search) {
    const like = likeAnywhere(input.search);
    conds.push(
      sql`(h.fileName LIKE ${like} ESCAPE '\\' OR h.siteName LIKE ${like} ESCAPE '\\' OR h.vendorName LIKE ${like} ESCAPE '\\')`,
    );
  }
  const page = selectHistoryView(db)
    .orderBy("h.createdAt", "desc")
    .orderBy("h.historyId", "desc")
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const count = db.selectFrom("history as h").select((eb) => eb.fn.countAll<number>().as("n"));
  // No WHERE at all when nothing filters: SQLite then counts the table without visiting its rows.
  if (conds.length === 0) return [page, count] as const;
  const where = sql<boolean>`${sql.join(conds, sql` AND `)}`;
  return [page.where(where), count.where(where)] as const;
}

const searchHistory = route(historyCalls["search-history"], {
  async handler(ctx, input) {
    const scope = scopeOf(ctx.ability, "read", "History");
    if (scope === "none") throw forbidden(msg("notAllowed", { action: "read", subject: "History" }), "missing_permission");
    // A client's own jobs only, whatever userId they send.
    const ownerId = scope === "own" ? requireUser(ctx).userId : (input.userId ?? null);
    const [rows, count] = await runBatch(ctx.env.DB, [...historySearchQueries(ctx.db, ownerId, input)]);
    const data = (rows!.results as unknown as HistoryViewRow[]).map(toHistoryView);
    return list(data, Number((count!.results[0] as { n: number }).n), input.page, input.limit);
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
    const message = input.status === 1 ? "The job is marked done." : "The job is marked failed and its points were refunded.";
    return json({ message, history: await loadHistoryView(ctx.db, job.uniqueId) });
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
