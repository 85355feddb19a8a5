import { changes, nowIso, runBatch } from "../db";
import { listPage } from "../db/list";
import {
  BUNDLE_COLUMNS,
  BUNDLE_TEXT_COLUMNS,
  bundleList,
  toBundle,
  type BundleRow,
  type BundleTexts,
} from "../domain/catalogue/bundles";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { bundleCalls } from "../contract/bundles";

const searchBundle = route(bundleCalls.searchbundle, {
  async handler(ctx, input) {
    // Those who cannot manage bundles (clients) see only the active ones.
    const isActive = ctx.ability.can("manage", "Bundle") ? input.isActive : 1;
    const { query, ...options } = bundleList(ctx.db, isActive);
    const page = await listPage<BundleRow>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(toBundle), page, input.page, input.limit);
  },
});

async function loadBundle(ctx: Ctx, bundleId: number) {
  const bundle = await ctx.db.selectFrom("bundles").select(BUNDLE_COLUMNS).where("bundleId", "=", bundleId).executeTakeFirst();
  if (!bundle) throw notFound("noSuchBundle");
  return bundle;
}

const updateBundle = route(bundleCalls.updatebundle, {
  async handler(ctx, input) {
    // Texts left out keep what is stored (a new bundle: none).
    const texts = Object.fromEntries(BUNDLE_TEXT_COLUMNS.flatMap((key) => (input[key] === undefined ? [] : [[key, input[key]]])));
    const fields = {
      bundlePoin: input.bundlePoin,
      bundlePPP: input.bundlePPP,
      bundleDisc: input.bundleDisc,
      bundleIsActive: input.bundleIsActive ? 1 : 0,
      // Left out: a new bundle's points never expire, an edited one keeps its validity.
      ...(input.bundleValidDays === undefined ? {} : { bundleValidDays: input.bundleValidDays }),
      ...(texts as Partial<BundleTexts>),
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

export const routes = [searchBundle, updateBundle, deleteBundle];
