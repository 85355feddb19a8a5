import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, countRows, createAdmin, createUser, pdfFile } from "./helpers";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

const fields = (extra: Record<string, string | File> = {}) => ({
  siteId: "0",
  siteName: "Citation Checker",
  siteDesc: "Checks every reference",
  sitePrice: "12",
  siteIsUse: "true",
  ...extra,
});

async function addSite(name: string, inUse: boolean) {
  const row = await env.DB.prepare(
    "INSERT INTO sites (siteName, siteDesc, sitePrice, siteIsUse) VALUES (?1, 'desc', 5, ?2) RETURNING siteId",
  )
    .bind(name, inUse ? 1 : 0)
    .first<{ siteId: number }>();
  return row!.siteId;
}

async function addVendor(siteId: number) {
  const row = await env.DB.prepare(
    "INSERT INTO vendor_accounts (vendorSiteID, vendorName, loginMethod) VALUES (?1, 'acc', 'cookie') RETURNING vendorId",
  )
    .bind(siteId)
    .first<{ vendorId: number }>();
  return row!.vendorId;
}

async function addJob(userId: number, siteId: number, status: 0 | 1 | 2) {
  await env.DB.prepare(
    `INSERT INTO history (uniqueId, userId, siteId, siteName, fileName, fileKey, pointsSpent, status, similarity)
     VALUES (?1, ?2, ?3, 'Snapshot name', 'a.pdf', 'documents/x.pdf', 5, ?4, ?5)`,
  )
    .bind(crypto.randomUUID().replaceAll("-", ""), userId, siteId, status, status === 1 ? 10 : null)
    .run();
}

const siteIds = (body: { data: { siteId: number }[] }) => body.data.map((s) => s.siteId);

describe("searchsite", () => {
  it("needs a signed-in user", async () => {
    expect((await call("searchsite", {})).status).toBe(401);
  });

  it("shows clients only the sites in use, and admins all of them by status", async () => {
    const tag = `Heron${Date.now()}`;
    const used = await addSite(`${tag} used`, true);
    const unused = await addSite(`${tag} unused`, false);
    const client = await createUser();
    const forClient = await call("searchsite", { search: tag, selectedStatus: "inactive" }, { cookie: client.cookie });
    expect(forClient.status).toBe(200);
    expect(siteIds(forClient.body)).toEqual([used]);
    expect(forClient.body.data[0]).toMatchObject({ siteIsUse: true, siteImage: null, sitePrice: 5 });
    const admin = await createAdmin();
    const all = await call("searchsite", { search: tag }, { cookie: admin.cookie });
    // By name: "… unused" sorts before "… used".
    expect(siteIds(all.body)).toEqual([unused, used]);
    const off = await call("searchsite", { search: tag, selectedStatus: "inactive" }, { cookie: admin.cookie });
    expect(siteIds(off.body)).toEqual([unused]);
  });

  it("pages by 10 and counts the total", async () => {
    const admin = await createAdmin();
    const tag = `Ibis${Date.now()}`;
    for (let i = 0; i < 11; i++) await addSite(`${tag} ${String(i).padStart(2, "0")}`, true);
    const first = await call("searchsite", { search: tag }, { cookie: admin.cookie });
    expect(first.body).toMatchObject({ total: 11, page: 1, limit: 10 });
    expect(first.body.data).toHaveLength(10);
    const second = await call("searchsite", { search: tag, page: 2 }, { cookie: admin.cookie });
    expect(second.body.data.map((s: { siteName: string }) => s.siteName)).toEqual([`${tag} 10`]);
  });
});

describe("updatesite", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    expect((await callForm("updatesite", fields())).status).toBe(401);
    const before = await countRows("sites");
    expect((await callForm("updatesite", fields(), { cookie: client.cookie })).status).toBe(403);
    expect(await countRows("sites")).toBe(before);
  });

  it("creates a site with an image and updates it, with audit rows", async () => {
    const admin = await createAdmin();
    const created = await callForm("updatesite", fields({ siteImageNew: new File([PNG], "logo.png") }), { cookie: admin.cookie });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe("Site created successfully!");
    expect(created.body.site).toMatchObject({ siteName: "Citation Checker", sitePrice: 12, siteIsUse: true });
    expect(created.body.site.siteImage).toMatch(/^\/images\/[a-f0-9]{64}\.png$/);
    const siteId = String(created.body.site.siteId);
    const updated = await callForm("updatesite", fields({ siteId, siteName: "Citations", siteIsUse: "0" }), {
      cookie: admin.cookie,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe("Site updated successfully!");
    expect(updated.body.site).toMatchObject({ siteName: "Citations", siteIsUse: false, siteImage: created.body.site.siteImage });
    const audits = await env.DB.prepare("SELECT action FROM audit_log WHERE subject = 'Site' AND subjectId = ?1 ORDER BY auditId")
      .bind(siteId)
      .all<{ action: string }>();
    expect(audits.results.map((a) => a.action)).toEqual(["create-site", "update-site"]);
  });

  it('answers `The field "{field}" is required.` for each blank required field, changing nothing', async () => {
    const admin = await createAdmin();
    const before = await countRows("sites");
    for (const field of ["siteName", "siteDesc", "sitePrice", "siteIsUse"] as const) {
      for (const blank of ["", "   "]) {
        const res = await callForm("updatesite", fields({ [field]: blank }), { cookie: admin.cookie });
        expect(res.status, `${field} "${blank}"`).toBe(400);
        expect(res.body).toEqual({ error: `The field "${field}" is required.`, code: "required", field });
      }
      const missing: Record<string, string | File> = fields();
      delete missing[field];
      const res = await callForm("updatesite", missing, { cookie: admin.cookie });
      expect(res.body.error).toBe(`The field "${field}" is required.`);
    }
    expect(await countRows("sites")).toBe(before);
  });

  it("refuses negative or absurd prices and a PDF posing as an image", async () => {
    const admin = await createAdmin();
    const before = await countRows("sites");
    for (const sitePrice of ["-1", "99999999999"]) {
      const res = await callForm("updatesite", fields({ sitePrice }), { cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe("sitePrice");
    }
    const fake = new File([await pdfFile().arrayBuffer()], "logo.png", { type: "image/png" });
    const res = await callForm("updatesite", fields({ siteImageNew: fake }), { cookie: admin.cookie });
    expect(res.status).toBe(415);
    expect(res.body.field).toBe("siteImageNew");
    expect(await countRows("sites")).toBe(before);
  });
});

describe("deletesite", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    const siteId = await addSite("Keep", true);
    expect((await call("deletesite", { siteId })).status).toBe(401);
    expect((await call("deletesite", { siteId }, { cookie: client.cookie })).status).toBe(403);
    expect(await env.DB.prepare("SELECT 1 FROM sites WHERE siteId = ?1").bind(siteId).first()).not.toBeNull();
  });

  it("refuses while the site has queued jobs", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const siteId = await addSite("Busy", true);
    await addJob(client.userId, siteId, 0);
    const res = await call("deletesite", { siteId }, { cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("site_has_queued_jobs");
    expect(await env.DB.prepare("SELECT 1 FROM sites WHERE siteId = ?1").bind(siteId).first()).not.toBeNull();
    const audit = await env.DB.prepare("SELECT 1 FROM audit_log WHERE action = 'delete-site' AND subjectId = ?1")
      .bind(String(siteId))
      .first();
    expect(audit).toBeNull();
  });

  it("deletes the site with its vendor accounts; history keeps its snapshot", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const siteId = await addSite("Retired", true);
    const vendorId = await addVendor(siteId);
    await addJob(client.userId, siteId, 1);
    const res = await call("deletesite", { siteId }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Site deleted successfully!" });
    expect(await env.DB.prepare("SELECT 1 FROM vendor_accounts WHERE vendorId = ?1").bind(vendorId).first()).toBeNull();
    const job = await env.DB.prepare("SELECT siteId, siteName FROM history WHERE userId = ?1").bind(client.userId).first();
    expect(job).toEqual({ siteId: null, siteName: "Snapshot name" });
    const audit = await env.DB.prepare("SELECT 1 FROM audit_log WHERE action = 'delete-site' AND subjectId = ?1")
      .bind(String(siteId))
      .first();
    expect(audit).not.toBeNull();
  });

  it("answers 404 for an unknown site", async () => {
    const admin = await createAdmin();
    expect((await call("deletesite", { siteId: 99_999_999 }, { cookie: admin.cookie })).status).toBe(404);
  });
});
