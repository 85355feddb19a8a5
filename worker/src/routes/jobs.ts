import { randomToken } from "../auth/crypto";
import { unseal } from "../auth/secretbox";
import { nowIso } from "../db";
import { actorOf, requireUser, type Ctx } from "../http/context";
import { conflict, msg, notFound } from "../errors";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { claimCutoff, claimTag } from "../domain/jobs/claims";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { selectHistoryViewOf, toHistoryView, type HistoryViewRow } from "../domain/jobs/view";
import { bodyLimitFor } from "../contract/uploads";
import { consumeGrants } from "../domain/points/grants";
import { deleteStored, imageUrl, storeUpload } from "../domain/storage/files";
import { historyCalls } from "../contract/history";
import { emitSoon } from "../domain/webhooks/events";
import { webhookSinkOf } from "../http/webhooks";

/** A usable site with its price; null when it does not exist or is switched off. */
async function usableSite(ctx: Ctx, siteId: number) {
  const site = await ctx.env.DB.prepare(
    `SELECT s.siteId, s.siteName, s.siteDesc, s.sitePrice, s.siteImage, s.siteIsUse,
       EXISTS (SELECT 1 FROM vendor_accounts v WHERE v.vendorSiteID = s.siteId AND v.vendorIsActive = 1) AS hasVendor
     FROM sites s WHERE s.siteId = ?1`,
  )
    .bind(siteId)
    .first<{
      siteId: number;
      siteName: string;
      siteDesc: string;
      sitePrice: number;
      siteImage: string | null;
      siteIsUse: number;
      hasVendor: number;
    }>();
  return site && site.siteIsUse === 1 ? site : null;
}

const insufficient = (price: number, balance: number) =>
  conflict(msg("insufficientPoints", { price, balance }), "insufficient_points");
const noVendor = () => conflict("noVendorAvailable", "no_vendor");

/** What the "use a site" page shows: the site, its price and the caller's balance. */
const siteUse = route(historyCalls["site-use"], {
  async handler(ctx, { siteId }) {
    const user = requireUser(ctx);
    const site = await usableSite(ctx, siteId);
    if (!site) throw notFound("noSuchUsableSite");
    const balance = await ctx.env.DB.prepare("SELECT userQuota FROM users WHERE userId = ?1")
      .bind(user.userId)
      .first<{ userQuota: number }>();
    return json({
      site: {
        siteId: site.siteId,
        siteName: site.siteName,
        siteDesc: site.siteDesc,
        sitePrice: site.sitePrice,
        siteImage: imageUrl(site.siteImage),
        available: site.hasVendor === 1,
      },
      userQuota: balance?.userQuota ?? 0,
      maxFileSize: bodyLimitFor("document") - 64 * 1024,
    });
  },
});

const submitJob = route(historyCalls["submit-job"], {
  async handler(ctx, { siteId, file }) {
    const user = requireUser(ctx);
    const site = await usableSite(ctx, siteId);
    if (!site) throw notFound("noSuchUsableSite");
    if (site.hasVendor !== 1) throw noVendor();
    const price = site.sitePrice;
    if (user.userQuota < price) throw insufficient(price, user.userQuota);

    const stored = await storeUpload(ctx.env.FILES, file, "document", "file");
    const uniqueId = randomToken(18);
    const now = nowIso();
    const d1 = ctx.env.DB;
    // The debit holds only while the site, its price and an active vendor account still stand.
    const debit = d1
      .prepare(
        `UPDATE users SET userQuota = userQuota - ?1, updatedAt = ?2
         WHERE userId = ?3 AND deletedAt IS NULL AND userQuota >= ?1
           AND EXISTS (SELECT 1 FROM sites WHERE siteId = ?4 AND siteIsUse = 1 AND sitePrice = ?1)
           AND EXISTS (SELECT 1 FROM vendor_accounts WHERE vendorSiteID = ?4 AND vendorIsActive = 1)`,
      )
      .bind(price, now, user.userId, siteId);
    const ledger = d1
      .prepare("INSERT INTO quota_ledger (userId, delta, reason, ref, note) VALUES (?1, ?2, 'spend', ?3, ?4)")
      .bind(user.userId, -price, `spend:${uniqueId}`, site.siteName.slice(0, 200));
    const insertJob = d1
      .prepare(
        `INSERT INTO history (uniqueId, userId, siteId, vendorId, siteName, vendorName, fileName, fileKey, pointsSpent, createdAt, updatedAt)
         SELECT ?1, ?2, ?3, v.vendorId, ?4, v.vendorName, ?5, ?6, ?7, ?8, ?8 FROM vendor_accounts v
         WHERE v.vendorSiteID = ?3 AND v.vendorIsActive = 1 ORDER BY v.lastUsedAt, v.vendorId LIMIT 1`,
      )
      .bind(uniqueId, user.userId, siteId, site.siteName, stored.name, stored.key, price, now);
    const touchVendor = d1
      .prepare("UPDATE vendor_accounts SET lastUsedAt = ?1 WHERE vendorId = (SELECT vendorId FROM history WHERE uniqueId = ?2)")
      .bind(now, uniqueId);
    let results: D1Result[];
    try {
      results = await runGuardedBatch(
        d1,
        // A free site changes no balance, so it leaves no ledger row (delta must not be 0). The new job is
        // read back in the same batch: one round trip fewer, as writes queue behind each other on one D1.
        [
          debit,
          abortUnlessChanged(d1),
          // Points that expire go first, soonest first (decision 0028); the debit above keeps the balance whole.
          ...(price > 0 ? [ledger, consumeGrants(d1, { userId: user.userId, amount: price })] : []),
          insertJob,
          touchVendor,
          selectHistoryViewOf(ctx.db, uniqueId),
        ],
        () => whyRefused(ctx, siteId, price),
      );
    } catch (error) {
      await deleteStored(ctx.env.FILES, stored.key);
      throw error;
    }
    const job = results.at(-1)?.results[0] as HistoryViewRow | undefined;
    if (!job) throw new Error(`submit-job: job ${uniqueId} not read back`);
    emitSoon(ctx.exec, webhookSinkOf(ctx), "job.queued", uniqueId);
    return json({
      message: success(ctx, "documentSent", { site: site.siteName }),
      history: toHistoryView(job),
    });
  },
});

/** After a refused debit: tells which condition failed, reading the state as it is now. */
async function whyRefused(ctx: Ctx, siteId: number, price: number) {
  const site = await usableSite(ctx, siteId);
  if (!site) return notFound("noSuchUsableSite");
  if (site.hasVendor !== 1) return noVendor();
  if (site.sitePrice !== price) return conflict("priceChanged", "price_changed");
  const balance = await ctx.env.DB.prepare("SELECT userQuota FROM users WHERE userId = ?1")
    .bind(ctx.user!.userId)
    .first<{ userQuota: number }>();
  return insufficient(price, balance?.userQuota ?? 0);
}

interface ClaimedRow {
  historyId: number;
  uniqueId: string;
  siteId: number | null;
  siteName: string;
  fileName: string;
  pointsSpent: number;
  createdAt: string;
  claimedAt: string;
  vendorId: number | null;
  vendorName: string | null;
  loginMethod: "cookie" | "email" | null;
  vendorEmail: string | null;
  vendorSecret: string | null;
}

/**
 * The job's vendor account. Only an agent's key gets the decrypted secret (this is the one answer
 * that carries it); anyone else claiming (an admin) sees the account without it.
 */
async function vendorOf(ctx: Ctx, job: ClaimedRow) {
  if (job.vendorId === null || !job.loginMethod) return null;
  const account = {
    vendorId: job.vendorId,
    vendorName: job.vendorName,
    loginMethod: job.loginMethod,
    vendorEmail: job.loginMethod === "email" ? job.vendorEmail : null,
  };
  if (!ctx.agent) return account;
  let secret: { vendorValue?: string; vendorPassword?: string } = {};
  if (job.vendorSecret) secret = JSON.parse(await unseal(job.vendorSecret, ctx.env.VENDOR_SECRET_KEYS)) as typeof secret;
  return job.loginMethod === "cookie"
    ? { ...account, vendorValue: secret.vendorValue ?? null }
    : { ...account, vendorPassword: secret.vendorPassword ?? null };
}

const claimJobs = route(historyCalls["claim-jobs"], {
  async handler(ctx, { siteId, limit }) {
    const now = nowIso();
    const cutoff = claimCutoff(ctx.env.JOB_CLAIM_TIMEOUT_MINUTES);
    // One statement: the WHERE is re-checked per row while it is written, so two agents never take the same job.
    const claimed = await ctx.env.DB.prepare(
      `UPDATE history SET claimedAt = ?1, claimedBy = ?2
       WHERE historyId IN (
         SELECT historyId FROM history
         WHERE status = 0 AND (claimedAt IS NULL OR claimedAt < ?3) AND (?4 IS NULL OR siteId = ?4)
           -- A paused account's jobs wait for it (decision 0017).
           AND NOT EXISTS (SELECT 1 FROM vendor_accounts v WHERE v.vendorId = history.vendorId AND v.vendorIsActive = 0)
         ORDER BY createdAt LIMIT CAST(?5 AS INTEGER))
       AND status = 0 AND (claimedAt IS NULL OR claimedAt < ?3)
       RETURNING historyId`,
    )
      .bind(now, claimTag(actorOf(ctx)), cutoff, siteId ?? null, limit)
      .all<{ historyId: number }>();
    const ids = claimed.results.map((r) => r.historyId);
    if (ids.length === 0) return json({ message: success(ctx, "noJobsWaiting"), jobs: [] });
    const rows = await ctx.env.DB.prepare(
      `SELECT h.historyId, h.uniqueId, h.siteId, h.siteName, h.fileName, h.pointsSpent, h.createdAt, h.claimedAt,
         v.vendorId, v.vendorName, v.loginMethod, v.vendorEmail, v.vendorSecret
       FROM history h LEFT JOIN vendor_accounts v ON v.vendorId = h.vendorId
       WHERE h.historyId IN (SELECT value FROM json_each(?1)) ORDER BY h.createdAt`,
    )
      .bind(JSON.stringify(ids))
      .all<ClaimedRow>();
    const jobs = await Promise.all(
      rows.results.map(async (job) => ({
        uniqueId: job.uniqueId,
        siteId: job.siteId,
        siteName: job.siteName,
        fileName: job.fileName,
        pointsSpent: job.pointsSpent,
        createdAt: job.createdAt,
        claimedAt: job.claimedAt,
        vendor: await vendorOf(ctx, job),
        // The document: POST /api/job-file with this body, using the same API key.
        file: { call: "job-file" as const, body: { uniqueId: job.uniqueId } },
      })),
    );
    return json({ message: success(ctx, "jobsClaimed", { count: jobs.length }), jobs });
  },
});

export const routes = [siteUse, submitJob, claimJobs];
