import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, countRows, createAdmin, createUser } from "./helpers";

async function addBundle(points: number, active: boolean) {
  const row = await env.DB.prepare(
    "INSERT INTO bundles (bundlePoin, bundlePPP, bundleDisc, bundleIsActive) VALUES (?1, 10, 0, ?2) RETURNING bundleId",
  )
    .bind(points, active ? 1 : 0)
    .first<{ bundleId: number }>();
  return row!.bundleId;
}

const valid = { bundlePoin: 100, bundlePPP: 25, bundleDisc: 10, bundleIsActive: true };

describe("searchbundle", () => {
  it("needs a signed-in user", async () => {
    expect((await call("searchbundle", {})).status).toBe(401);
  });

  it("shows clients active bundles only, even when they ask for inactive ones", async () => {
    const client = await createUser();
    const hidden = await addBundle(7, false);
    const shown = await addBundle(8, true);
    for (const body of [{}, { isActive: false }, { isActive: "inactive" }]) {
      const res = await call("searchbundle", { ...body, limit: 100 }, { cookie: client.cookie });
      expect(res.status).toBe(200);
      const ids = res.body.data.map((b: { bundleId: number }) => b.bundleId);
      expect(ids).toContain(shown);
      expect(ids).not.toContain(hidden);
      expect(res.body.data.every((b: { bundleIsActive: boolean }) => b.bundleIsActive === true)).toBe(true);
    }
  });

  it("lets an admin filter by status, pages by 12 and counts the total", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 13; i++) await addBundle(1000 + i, false);
    const inactive = await env.DB.prepare("SELECT count(*) AS n FROM bundles WHERE bundleIsActive = 0").first<{ n: number }>();
    const first = await call("searchbundle", { isActive: false }, { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 12, total: inactive!.n });
    expect(first.body.data).toHaveLength(12);
    expect(first.body.data.every((b: { bundleIsActive: boolean }) => b.bundleIsActive === false)).toBe(true);
    const second = await call("searchbundle", { isActive: false, page: 2 }, { cookie: admin.cookie });
    expect(second.body.data.length).toBe(inactive!.n - 12);
    const all = await call("searchbundle", { limit: 100 }, { cookie: admin.cookie });
    expect(all.body.total).toBe(await countRows("bundles"));
  });

  it("answers booleans and the price the database computes", async () => {
    const admin = await createAdmin();
    const saved = await call(
      "updatebundle",
      { bundlePoin: 333, bundlePPP: 7, bundleDisc: 15, bundleIsActive: true },
      { cookie: admin.cookie },
    );
    const res = await call("searchbundle", { isActive: true, limit: 100 }, { cookie: admin.cookie });
    const found = res.body.data.find((b: { bundleId: number }) => b.bundleId === saved.body.bundle.bundleId);
    // round(333 × 7 × 85 / 100) = round(1981.35)
    expect(found).toMatchObject({ bundlePoin: 333, bundlePPP: 7, bundleDisc: 15, bundlePrice: 1981, bundleIsActive: true });
  });
});

describe("updatebundle", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    expect((await call("updatebundle", valid)).status).toBe(401);
    const before = await countRows("bundles");
    const res = await call("updatebundle", valid, { cookie: client.cookie });
    expect(res.status).toBe(403);
    expect(await countRows("bundles")).toBe(before);
  });

  it("creates a bundle with its computed price and an audit row", async () => {
    const admin = await createAdmin();
    const res = await call("updatebundle", { ...valid, bundleId: 0 }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Bundle created successfully!");
    // round(100 × 25 × 90 / 100)
    expect(res.body.bundle).toMatchObject({ ...valid, bundlePrice: 2250 });
    const audit = await env.DB.prepare(
      "SELECT action, subjectId, actorId FROM audit_log WHERE action = 'create-bundle' AND subjectId = ?1",
    )
      .bind(String(res.body.bundle.bundleId))
      .first();
    expect(audit).toMatchObject({ action: "create-bundle", actorId: admin.userId });
  });

  it("updates a bundle and recomputes its price", async () => {
    const admin = await createAdmin();
    const created = await call("updatebundle", valid, { cookie: admin.cookie });
    const bundleId = created.body.bundle.bundleId;
    const res = await call(
      "updatebundle",
      { bundleId, bundlePoin: 10, bundlePPP: 3, bundleDisc: 50, bundleIsActive: false },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Bundle updated successfully!");
    expect(res.body.bundle).toMatchObject({ bundleId, bundlePrice: 15, bundleIsActive: false });
  });

  it("refuses absurd numbers, a discount over 100 and missing fields, changing nothing", async () => {
    const admin = await createAdmin();
    const before = await countRows("bundles");
    const cases: [object, string, string | RegExp | null][] = [
      [{ ...valid, bundlePoin: -5 }, "bundlePoin", /at least 1/],
      [{ ...valid, bundlePoin: 0 }, "bundlePoin", /at least 1/],
      [{ ...valid, bundlePPP: -1 }, "bundlePPP", /at least 0/],
      [{ ...valid, bundlePPP: 1e12 }, "bundlePPP", /at most/],
      [{ ...valid, bundleDisc: 101 }, "bundleDisc", /at most 100/],
      [{ ...valid, bundleDisc: -1 }, "bundleDisc", /at least 0/],
      [{ ...valid, bundlePoin: "lots" }, "bundlePoin", null],
      [{ bundlePPP: 1, bundleDisc: 0, bundleIsActive: true }, "bundlePoin", 'The field "bundlePoin" is required.'],
      [{ bundlePoin: 1, bundlePPP: 1, bundleDisc: 0 }, "bundleIsActive", 'The field "bundleIsActive" is required.'],
    ];
    for (const [body, field, text] of cases) {
      const res = await call("updatebundle", body, { cookie: admin.cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      if (typeof text === "string") expect(res.body.error).toBe(text);
      else if (text) expect(res.body.error).toMatch(text);
    }
    expect(await countRows("bundles")).toBe(before);
  });

  it("names a bundle and describes it per language; texts left out are kept, blank ones cleared", async () => {
    const admin = await createAdmin();
    const named = {
      ...valid,
      bundleName: "  Starter ",
      bundleNameFr: "Découverte",
      bundleNameAr: "البداية",
      bundleDesc: "To try a few checks.",
    };
    const created = await call("updatebundle", named, { cookie: admin.cookie });
    expect(created.status).toBe(200);
    const bundleId = created.body.bundle.bundleId;
    expect(created.body.bundle).toMatchObject({
      bundleName: "Starter",
      bundleNameFr: "Découverte",
      bundleNameAr: "البداية",
      bundleDesc: "To try a few checks.",
      bundleDescFr: "",
      bundleDescAr: "",
    });
    const kept = await call("updatebundle", { ...valid, bundleId, bundlePoin: 60 }, { cookie: admin.cookie });
    expect(kept.body.bundle).toMatchObject({ bundlePoin: 60, bundleName: "Starter", bundleNameAr: "البداية" });
    const cleared = await call(
      "updatebundle",
      { ...valid, bundleId, bundleNameFr: "", bundleDesc: null },
      { cookie: admin.cookie },
    );
    expect(cleared.body.bundle).toMatchObject({ bundleName: "Starter", bundleNameFr: "", bundleDesc: "" });
    const client = await createUser();
    const shop = await call("searchbundle", { limit: 100 }, { cookie: client.cookie });
    expect(shop.body.data.find((b: { bundleId: number }) => b.bundleId === bundleId)).toMatchObject({ bundleName: "Starter" });
    const catalogue = await call("public-catalogue", {});
    expect(catalogue.body.bundles.find((b: { bundleId: number }) => b.bundleId === bundleId)).toMatchObject({
      bundleName: "Starter",
      bundleNameAr: "البداية",
    });
  });

  it("refuses a name or description that is too long, changing nothing", async () => {
    const admin = await createAdmin();
    const created = await call("updatebundle", { ...valid, bundleName: "Kept" }, { cookie: admin.cookie });
    const bundleId = created.body.bundle.bundleId;
    for (const [field, value] of [
      ["bundleName", "n".repeat(61)],
      ["bundleNameAr", "ن".repeat(61)],
      ["bundleDescFr", "d".repeat(201)],
    ] as const) {
      const res = await call("updatebundle", { ...valid, bundleId, [field]: value }, { cookie: admin.cookie });
      expect(res.status, field).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const stored = await env.DB.prepare("SELECT bundleName, bundleNameAr, bundleDescFr FROM bundles WHERE bundleId = ?1")
      .bind(bundleId)
      .first();
    expect(stored).toEqual({ bundleName: "Kept", bundleNameAr: "", bundleDescFr: "" });
  });

  it("answers 404 for an unknown bundle", async () => {
    const admin = await createAdmin();
    const res = await call("updatebundle", { ...valid, bundleId: 99_999_999 }, { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "not_found" });
  });
});

describe("deletebundle", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    const bundleId = await addBundle(5, true);
    expect((await call("deletebundle", { bundleId })).status).toBe(401);
    expect((await call("deletebundle", { bundleId }, { cookie: client.cookie })).status).toBe(403);
    expect(await env.DB.prepare("SELECT 1 FROM bundles WHERE bundleId = ?1").bind(bundleId).first()).not.toBeNull();
  });

  it("deletes the bundle, drops it from carts and writes an audit row", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const bundleId = await addBundle(5, true);
    await env.DB.prepare("INSERT INTO carts (userId, kind, refId, qty) VALUES (?1, 'bundle', ?2, 1)")
      .bind(client.userId, bundleId)
      .run();
    const res = await call("deletebundle", { bundleId }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Bundle deleted successfully!" });
    expect(await env.DB.prepare("SELECT 1 FROM bundles WHERE bundleId = ?1").bind(bundleId).first()).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM carts WHERE kind = 'bundle' AND refId = ?1").bind(bundleId).first()).toBeNull();
    const audit = await env.DB.prepare("SELECT 1 FROM audit_log WHERE action = 'delete-bundle' AND subjectId = ?1")
      .bind(String(bundleId))
      .first();
    expect(audit).not.toBeNull();
  });

  it("answers 404 for an unknown bundle and 400 for a bad id", async () => {
    const admin = await createAdmin();
    expect((await call("deletebundle", { bundleId: 99_999_999 }, { cookie: admin.cookie })).status).toBe(404);
    const bad = await call("deletebundle", { bundleId: -1 }, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("bundleId");
  });
});
