import { sql, type SqlBool } from "kysely";
import { changes, likeAnywhere, nowIso, runBatch, type DB } from "../db";
import { runFolded } from "../db/folded";
import { statementTemplate } from "../db/templates";
import { counterName, counterTotal, pageWindow, scannedTotal, SEARCH_SCAN, totalOf } from "../db/counts";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { imageUrl, storeUpload } from "../domain/storage/files";
import { conflict, notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { siteCalls } from "../contract/sites";

const SITE_COLUMNS = ["siteId", "siteName", "siteDesc", "sitePrice", "siteIsUse", "siteImage", "createdAt", "updatedAt"] as const;

interface SiteRow {
  siteId: number;
  siteName: string;
  siteDesc: string;
  sitePrice: number;
  siteIsUse: number;
  siteImage: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toSite(row: SiteRow) {
  return { ...row, siteIsUse: row.siteIsUse === 1, siteImage: imageUrl(row.siteImage) };
}

export interface SiteFilter {
  search: string;
  status: 0 | 1 | undefined;
  page: number;
  limit: number;
}

/** The values of a searchsite request its statement binds (db/templates.ts); null: not set. */
type SiteListValues = {
  status: 0 | 1 | null;
  /** The search's LIKE pattern; without a search, the counter of the filter instead. */
  like: string | null;
  counter: string | null;
  offset: number;
  limit: number;
};

/** A searchsite request as its statement's values. */
export function siteListValues(filter: SiteFilter): SiteListValues {
  const { offset, limit } = pageWindow(filter.page, filter.limit);
  const status = filter.status ?? null;
  if (filter.search) return { status, like: likeAnywhere(filter.search), counter: null, offset, limit };
  const counter = status === null ? counterName("sites") : counterName("sites", ["use", status]);
  return { status, like: null, counter, offset, limit };
}

/**
 * The page and total statements of searchsite. The total comes from a counter; a search (a LIKE on the
 * name: sites are few) checks the first SEARCH_SCAN sites by name one by one (db/counts.ts).
 */
function siteListStatement(db: DB, v: SiteListValues) {
  const status = v.status === null ? [] : [sql<SqlBool>`siteIsUse = ${v.status}`];
  if (v.like === null) {
    const where = status.length ? status[0]! : sql<SqlBool>`1 = 1`;
    return [
      db
        .selectFrom("sites")
        .select(SITE_COLUMNS)
        .where(where)
        .orderBy("siteName")
        .orderBy("siteId")
        .limit(v.limit)
        .offset(v.offset),
      counterTotal(db, v.counter!),
    ] as const;
  }
  let candidates = db.selectFrom("sites").select("siteId as id").orderBy("siteName").orderBy("siteId").limit(SEARCH_SCAN);
  for (const cond of status) candidates = candidates.where(cond);
  const match = sql<SqlBool>`s.siteName LIKE ${v.like} ESCAPE '\\'`;
  const joined = db.selectFrom(candidates.as("c")).crossJoin("sites as s").whereRef("s.siteId", "=", "c.id");
  return [
    joined
      .select(SITE_COLUMNS.map((c) => `s.${c}` as const))
      .where(match)
      .orderBy("s.siteName")
      .orderBy("s.siteId")
      .limit(v.limit)
      .offset(v.offset),
    scannedTotal(db, joined.select(["c.id", sql<number>`${match}`.as("hit")])),
  ] as const;
}

/** searchsite's statement: its page, then its total, built once per shape and bound per request. */
export const siteList = statementTemplate<SiteListValues>(siteListStatement);

/** searchsite's statement for one request, built directly (a test reads its query plans). */
export function siteListQueries(db: DB, filter: SiteFilter) {
  return siteList.direct(db, siteListValues(filter));
}

const searchSite = route(siteCalls.searchsite, {
  async handler(ctx, input) {
    // Those who cannot manage sites (clients) see only the sites in use.
    const status = ctx.ability.can("manage", "Site") ? input.selectedStatus : 1;
    const [rows, total] = await runFolded(ctx.env.DB, siteList.parts(ctx.db, siteListValues({ ...input, status })));
    return list((rows!.results as unknown as SiteRow[]).map(toSite), totalOf(total), input.page, input.limit);
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

export const sitesRoutes = [searchSite, updateSite, deleteSite];
