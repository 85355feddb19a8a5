import { changes, nowIso, runBatch } from "../db";
import { listPage } from "../db/list";
import { SITE_COLUMNS, siteList, toSite, type SiteRow } from "../domain/catalogue/sites";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { storeUpload } from "../domain/storage/files";
import { conflict, notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { siteCalls } from "../contract/sites";

const searchSite = route(siteCalls.searchsite, {
  async handler(ctx, input) {
    // Those who cannot manage sites (clients) see only the sites in use.
    const status = ctx.ability.can("manage", "Site") ? input.selectedStatus : 1;
    const { query, ...options } = siteList(ctx.db, { search: input.search, status });
    const page = await listPage<SiteRow>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(toSite), page, input.page, input.limit);
  },
});

async function loadSite(ctx: Ctx, siteId: number) {
  const site = await ctx.db.selectFrom("sites").select(SITE_COLUMNS).where("siteId", "=", siteId).executeTakeFirst();
  if (!site) throw notFound("noSuchSite");
  return site;
}

const updateSite = route(siteCalls.updatesite, {
  async handler(ctx, input) {
    const existing = input.siteId ? await loadSite(ctx, input.siteId) : null;
    const image = input.siteImageNew ? await storeUpload(ctx.env.FILES, input.siteImageNew, "image", "siteImageNew") : null;
    const fields = {
      siteName: input.siteName,
      siteDesc: input.siteDesc,
      sitePrice: input.sitePrice,
      siteIsUse: input.siteIsUse ? 1 : 0,
      ...(image ? { siteImage: image.key } : {}),
    };
    const detail = { siteName: input.siteName, sitePrice: input.sitePrice, siteIsUse: input.siteIsUse, newImage: image !== null };
    let siteId: number;
    if (!existing) {
      const [created] = await runBatch<{ siteId: number }>(ctx.env.DB, [
        ctx.db.insertInto("sites").values(fields).returning("siteId"),
        audit(domainOf(ctx), { action: "create-site", subject: "Site", subjectId: insertedRowId, detail }, oneRowChanged),
      ]);
      siteId = created!.results[0]!.siteId;
    } else {
      siteId = existing.siteId;
      const [updated] = await runBatch(ctx.env.DB, [
        ctx.db
          .updateTable("sites")
          .set({ ...fields, updatedAt: nowIso() })
          .where("siteId", "=", siteId),
        audit(domainOf(ctx), { action: "update-site", subject: "Site", subjectId: siteId, detail }, oneRowChanged),
      ]);
      if (changes(updated) === 0) throw notFound("noSuchSite");
    }
    const site = toSite(await loadSite(ctx, siteId));
    return json({ message: success(ctx, existing ? "siteUpdated" : "siteCreated"), site });
  },
});

const deleteSite = route(siteCalls.deletesite, {
  async handler(ctx, { siteId }) {
    const site = await loadSite(ctx, siteId);
    const d1 = ctx.env.DB;
    // The delete checks for queued jobs in the same statement, so a job queued meanwhile still blocks it.
    // Vendor accounts go with the site (FK cascade); history keeps its snapshot names.
    const [deleted] = await runBatch(d1, [
      d1
        .prepare("DELETE FROM sites WHERE siteId = ?1 AND NOT EXISTS (SELECT 1 FROM history WHERE siteId = ?1 AND status = 0)")
        .bind(siteId),
      audit(
        domainOf(ctx),
        { action: "delete-site", subject: "Site", subjectId: siteId, detail: { siteName: site.siteName } },
        oneRowChanged,
      ),
    ]);
    if (changes(deleted) === 0) {
      const still = await ctx.db.selectFrom("sites").select("siteId").where("siteId", "=", siteId).executeTakeFirst();
      if (!still) throw notFound("noSuchSite");
      throw conflict("siteHasQueuedJobs", "site_has_queued_jobs");
    }
    return json({ message: success(ctx, "siteDeleted") });
  },
});

export const routes = [searchSite, updateSite, deleteSite];
