import { changes, nowIso, runBatch } from "../db";
import { audit, oneRowChanged } from "../domain/audit";
import { jobPipeline } from "../domain/fleet/pipeline";
import { fleetVendors } from "../domain/fleet/status";
import { claimCutoff } from "../domain/jobs/claims";
import { conflict, notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { fleetCalls } from "../contract/fleet";

/** The fleet's rows: one statement, so one round trip (decision 0017). */
async function fleetRows(ctx: Ctx, filter: { siteId?: number | undefined; vendorId?: number }) {
  const cutoff = claimCutoff(ctx.env.JOB_CLAIM_TIMEOUT_MINUTES);
  return fleetVendors(ctx.env.DB, { ...filter, claimCutoff: cutoff });
}

const fleetStatus = route(fleetCalls["fleet-status"], {
  async handler(ctx, { siteId }) {
    return json({ vendors: await fleetRows(ctx, { siteId }) });
  },
});

/**
 * Pausing is the account's vendorIsActive going to 0 (decision 0017): submit-job assigns it no new
 * job and claim-jobs hands out none of those it holds, while a claimed job may still finish. The
 * change and its audit row are one batch; a second pause (or resume) is a 409 that changes nothing.
 */
function stateChange(active: boolean) {
  return async (ctx: Ctx, { vendorId }: { vendorId: number }) => {
    const vendor = await ctx.db
      .selectFrom("vendor_accounts")
      .select(["vendorId", "vendorName", "vendorSiteID"])
      .where("vendorId", "=", vendorId)
      .executeTakeFirst();
    if (!vendor) throw notFound("noSuchVendor");
    const [updated] = await runBatch(ctx.env.DB, [
      ctx.db
        .updateTable("vendor_accounts")
        .set({ vendorIsActive: active ? 1 : 0, updatedAt: nowIso() })
        .where("vendorId", "=", vendorId)
        .where("vendorIsActive", "=", active ? 0 : 1),
      audit(
        domainOf(ctx),
        {
          action: active ? "resume-vendor" : "pause-vendor",
          subject: "Vendor",
          subjectId: vendorId,
          detail: { vendorName: vendor.vendorName, vendorSiteID: vendor.vendorSiteID },
        },
        oneRowChanged,
      ),
    ]);
    if (changes(updated) === 0) {
      throw active ? conflict("vendorNotPaused", "not_paused") : conflict("vendorAlreadyPaused", "already_paused");
    }
    const [row] = await fleetRows(ctx, { vendorId });
    return json({ message: success(ctx, active ? "vendorResumed" : "vendorPaused"), vendor: row! });
  };
}

const pauseVendor = route(fleetCalls["pause-vendor"], { handler: stateChange(false) });
const resumeVendor = route(fleetCalls["resume-vendor"], { handler: stateChange(true) });

const fleetPipeline = route(fleetCalls["fleet-pipeline"], {
  async handler(ctx, { range }) {
    return json({ range, ...(await jobPipeline(ctx.env.DB, range)) });
  },
});

export const routes = [fleetStatus, pauseVendor, resumeVendor, fleetPipeline];
