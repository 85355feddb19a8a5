import { scopeOf } from "../auth/ability";
import { nowIso } from "../db";
import { listPage } from "../db/list";
import { audit } from "../domain/audit";
import { actorOf, domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { badRequest, conflict, forbidden, msg, notFound, requiredField } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { claimTag } from "../domain/jobs/claims";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { jobNotices } from "../domain/jobs/notices";
import { jobList } from "../domain/jobs/list";
import { loadHistoryView, toHistoryView, type HistoryViewRow } from "../domain/jobs/view";
import { deleteStored, storeUpload } from "../domain/storage/files";
import { historyCalls } from "../contract/history";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { mailQueueOf } from "../http/settings";
import { savedPortal } from "../domain/mailtemplates/portal";
import { emitSoon } from "../domain/webhooks/events";
import { webhookSinkOf } from "../http/webhooks";

const searchHistory = route(historyCalls["search-history"], {
  async handler(ctx, input) {
    const scope = scopeOf(ctx.ability, "read", "History");
    if (scope === "none") throw forbidden(msg("notAllowed", { action: "read", subject: "History" }), "missing_permission");
    const { query, ...options } = jobList(ctx.db, {
      // A client's own jobs only, whatever userId they send.
      ownerId: scope === "own" ? requireUser(ctx).userId : (input.userId ?? null),
      siteId: input.selectedVendor || undefined,
      vendorId: input.vendorId || undefined,
      status: input.status,
      search: input.search,
    });
    const page = await listPage<HistoryViewRow>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(toHistoryView), page, input.page, input.limit);
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
      await savedPortal(ctx.db, portalOf(ctx)),
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
    emitSoon(ctx.exec, webhookSinkOf(ctx), "job.finished", job.uniqueId);
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

export const routes = [searchHistory, updateHistory];
