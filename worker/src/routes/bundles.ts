import { changes, nowIso, runBatch, type DB } from "../db";
import { runFolded } from "../db/folded";
import { statementTemplate } from "../db/templates";
import { counterName, counterTotal, pageWindow, totalOf } from "../db/counts";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { bundleCalls } from "../contract/bundles";

const BUNDLE_COLUMNS = [
  "bundleId",
  "bundlePoin",
  "bundlePPP",
  "bundleDisc",
  "bundlePrice",
  "bundleIsActive",
  "createdAt",
  "updatedAt",
] as const;

interface BundleRow {
  bundleId: number;
  bundlePoin: number;
  bundlePPP: number;
  bundleDisc: number;
  bundlePrice: number;
  bundleIsActive: number;
  createdAt: string;
  updatedAt: string;
}

const toBundle = (row: BundleRow) => ({ ...row, bundleIsActive: row.bundleIsActive === 1 });

export interface BundleFilter {
  isActive: 0 | 1 | undefined;
  page: number;
  limit: number;
}

/** The values of a searchbundle request its statement binds (db/templates.ts); null: not set. */
type BundleListValues = {
  isActive: 0 | 1 | null;
  /** The counter of the filter. */
  counter: string;
  offset: number;
  limit: number;
};

/** A searchbundle request as its statement's values. */
export function bundleListValues(filter: BundleFilter): BundleListValues {
  const { offset, limit } = pageWindow(filter.page, filter.limit);
  const isActive = filter.isActive ?? null;
  const counter = isActive === null ? counterName("bundles") : counterName("bundles", ["active", isActive]);
  return { isActive, counter, offset, limit };
}

/** The page and total statements of searchbundle. */
function bundleListStatement(db: DB, v: BundleListValues) {
  let page = db.selectFrom("bundles").select(BUNDLE_COLUMNS);
  if (v.isActive !== null) page = page.where("bundleIsActive", "=", v.isActive);
  return [
    // Smallest pack first, as a price list reads.
    page.orderBy("bundlePoin").orderBy("bundleId").limit(v.limit).offset(v.offset),
    counterTotal(db, v.counter),
  ] as const;
}

/** searchbundle's statement: its page, then its total, built once per shape and bound per request. */
export const bundleList = statementTemplate<BundleListValues>(bundleListStatement);

/** searchbundle's statement for one request, built directly (a test reads its query plans). */
export function bundleListQueries(db: DB, filter: BundleFilter) {
  return bundleList.direct(db, bundleListValues(filter));
}

const searchBundle = route(bundleCalls.searchbundle, {
  async handler(ctx, input) {
    // Those who cannot manage bundles (clients) see only the active ones.
    const isActive = ctx.ability.can("manage", "Bundle") ? input.isActive : 1;
    const [rows, total] = await runFolded(ctx.env.DB, bundleList.parts(ctx.db, bundleListValues({ ...input, isActive })));
    return list((rows!.results as unknown as BundleRow[]).map(toBundle), totalOf(total), input.page, input.limit);
  },
});

async function loadBundle(ctx: Ctx, bundleId: number) {
  const bundle = await ctx.db.selectFrom("bundles").select(BUNDLE_COLUMNS).where("bundleId", "=", bundleId).executeTakeFirst();
  if (!bundle) throw notFound("noSuchBundle");
  return bundle;
}

const updateBundle = route(bundleCalls.updatebundle, {
  async handler(ctx, input) {
    const fields = {
      bundlePoin: input.bundlePoin,
      bundlePPP: input.bundlePPP,
      bundleDisc: input.bundleDisc,
      bundleIsActive: input.bundleIsActive ? 1 : 0,
    };
    const detail = { ...fields, bundleIsActive: input.bundleIsActive };
    let bundleId: number;
    if (input.bundleId === 0) {
      const [created] = await runBatch<{ bundleId: number }>(ctx.env.DB, [
        ctx.db.insertInto("bundles").values(fields).returning("bundleId"),
        audit(domainOf(ctx), { action: "create-bundle", subject: "Bundle", subjectId: insertedRowId, detail }, oneRowChanged),
      ]);
      bundleId = created!.results[0]!.bundleId;
    } else {
      bundleId = input.bundleId;
      const [updated] = await runBatch(ctx.env.DB, [
        ctx.db
          .updateTable("bundles")
          .set({ ...fields, updatedAt: nowIso() })
          .where("bundleId", "=", bundleId),
        audit(domainOf(ctx), { action: "update-bundle", subject: "Bundle", subjectId: bundleId, detail }, oneRowChanged),
      ]);
      if (changes(updated) === 0) throw notFound("noSuchBundle");
    }
    const bundle = toBundle(await loadBundle(ctx, bundleId));
    return json({ message: success(ctx, input.bundleId === 0 ? "bundleCreated" : "bundleUpdated"), bundle });
  },
});

const deleteBundle = route(bundleCalls.deletebundle, {
  async handler(ctx, { bundleId }) {
    const bundle = await loadBundle(ctx, bundleId);
    // Payments keep their frozen lines; carts holding the bundle lose it with the bundle.
    const [deleted] = await runBatch(ctx.env.DB, [
      ctx.db.deleteFrom("bundles").where("bundleId", "=", bundleId),
      audit(
        domainOf(ctx),
        {
          action: "delete-bundle",
          subject: "Bundle",
          subjectId: bundleId,
          detail: { bundlePoin: bundle.bundlePoin, bundlePrice: bundle.bundlePrice },
        },
        oneRowChanged,
      ),
      ctx.db.deleteFrom("carts").where("kind", "=", "bundle").where("refId", "=", bundleId),
    ]);
    if (changes(deleted) === 0) throw notFound("noSuchBundle");
    return json({ message: success(ctx, "bundleDeleted") });
  },
});

export const bundlesRoutes = [searchBundle, updateBundle, deleteBundle];
