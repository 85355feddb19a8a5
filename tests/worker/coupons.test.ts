import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { todayUtc } from "../../worker/src/domain/catalogue/coupons";
import { call, countRows, createAdmin, createUser } from "./helpers";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function addCoupon(code: string, opts: { expires?: string; used?: boolean } = {}) {
  const row = await env.DB.prepare(
    `INSERT INTO coupons (couponCode, couponQuota, couponExpired, couponUsed, couponUsedDate)
     VALUES (?1, 10, ?2, ?3, ?4) RETURNING couponId`,
  )
    .bind(code, opts.expires ?? inDays(30), opts.used ? "Y" : "N", opts.used ? new Date().toISOString() : null)
    .first<{ couponId: number }>();
  return row!.couponId;
}

describe("generate-coupons", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    const body = { couponQuota: 5, couponExpired: inDays(10) };
    const before = await countRows("coupons");
    expect((await call("generate-coupons", body)).status).toBe(401);
    expect((await call("generate-coupons", body, { cookie: client.cookie })).status).toBe(403);
    expect(await countRows("coupons")).toBe(before);
  });

  it("makes one code by default, from the unambiguous alphabet", async () => {
    const admin = await createAdmin();
    const res = await call("generate-coupons", { couponQuota: 5, couponExpired: inDays(10) }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Coupon generated successfully!");
    expect(res.body.codes).toHaveLength(1);
    expect(res.body.codes[0]).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
    const row = await env.DB.prepare("SELECT couponQuota, couponExpired, couponUsed FROM coupons WHERE couponCode = ?1")
      .bind(res.body.codes[0])
      .first();
    expect(row).toEqual({ couponQuota: 5, couponExpired: inDays(10), couponUsed: "N" });
  });

  it("makes 1000 unique prefixed codes in one call, with one audit row and no codes in it", async () => {
    const admin = await createAdmin();
    const before = await countRows("coupons");
    const res = await call(
      "generate-coupons",
      { couponQuota: 20, couponExpired: inDays(5), couponCount: 1000, couponPrefix: "spring-26" },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("1000 coupons generated successfully!");
    expect(new Set(res.body.codes).size).toBe(1000);
    expect(res.body.codes.every((c: string) => /^SPRING-26-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/.test(c))).toBe(true);
    expect(await countRows("coupons")).toBe(before + 1000);
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'generate-coupons' AND actorId = ?1")
      .bind(admin.userId)
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toMatchObject({ couponCount: 1000, couponQuota: 20, couponPrefix: "SPRING-26" });
    expect(audit!.detail).not.toContain(res.body.codes[0]);
  });

  it("refuses bad counts, quotas, dates and prefixes, changing nothing", async () => {
    const admin = await createAdmin();
    const before = await countRows("coupons");
    const valid = { couponQuota: 5, couponExpired: inDays(3), couponCount: 2 };
    const cases: [object, string][] = [
      [{ ...valid, couponCount: 0 }, "couponCount"],
      [{ ...valid, couponCount: 1001 }, "couponCount"],
      [{ ...valid, couponCount: -4 }, "couponCount"],
      [{ ...valid, couponQuota: 0 }, "couponQuota"],
      [{ ...valid, couponQuota: -10 }, "couponQuota"],
      [{ ...valid, couponQuota: 1e12 }, "couponQuota"],
      [{ ...valid, couponExpired: "2026-02-30" }, "couponExpired"],
      [{ ...valid, couponExpired: "tomorrow" }, "couponExpired"],
      [{ ...valid, couponExpired: "2000-01-01" }, "couponExpired"],
      [{ ...valid, couponPrefix: "has space" }, "couponPrefix"],
      [{ ...valid, couponPrefix: "ABCDEFGHIJKLM" }, "couponPrefix"],
      [{ ...valid, couponPrefix: "x'; DROP" }, "couponPrefix"],
    ];
    for (const [body, field] of cases) {
      const res = await call("generate-coupons", body, { cookie: admin.cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const missing = await call("generate-coupons", { couponExpired: inDays(3) }, { cookie: admin.cookie });
    expect(missing.body.error).toBe('The field "couponQuota" is required.');
    expect(await countRows("coupons")).toBe(before);
  });
});

describe("search-coupon", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    expect((await call("search-coupon", {})).status).toBe(401);
    expect((await call("search-coupon", {}, { cookie: client.cookie })).status).toBe(403);
  });

  it("filters unused, used and expired (valid through the end of the expiry day)", async () => {
    const admin = await createAdmin();
    const tag = `FLT${Date.now().toString(36).toUpperCase()}`;
    const today = await addCoupon(`${tag}-TODAY`, { expires: todayUtc() });
    const used = await addCoupon(`${tag}-USED`, { used: true });
    const expired = await addCoupon(`${tag}-OLD`, { expires: inDays(-1) });
    const ids = async (status?: string) =>
      (await call("search-coupon", { search: tag, status }, { cookie: admin.cookie })).body.data.map(
        (c: { couponId: number }) => c.couponId,
      );
    expect(await ids("unused")).toEqual([today]);
    expect(await ids("used")).toEqual([used]);
    expect(await ids("expired")).toEqual([expired]);
    expect((await ids()).sort()).toEqual([today, used, expired].sort());
    const res = await call("search-coupon", { search: `${tag}-USED` }, { cookie: admin.cookie });
    expect(res.body.data[0]).toMatchObject({ couponCode: `${tag}-USED`, couponUsed: "Y", couponStatus: "used", couponQuota: 10 });
    expect((await call("search-coupon", { status: "lost" }, { cookie: admin.cookie })).status).toBe(400);
  });

  it("lists generated codes by 10 a page with the total", async () => {
    const admin = await createAdmin();
    const made = await call(
      "generate-coupons",
      { couponQuota: 1, couponExpired: inDays(1), couponCount: 12, couponPrefix: "PAGE" },
      { cookie: admin.cookie },
    );
    const first = await call("search-coupon", { search: "PAGE-" }, { cookie: admin.cookie });
    expect(first.body).toMatchObject({ total: 12, page: 1, limit: 10 });
    const second = await call("search-coupon", { search: "PAGE-", page: 2 }, { cookie: admin.cookie });
    const listed = [...first.body.data, ...second.body.data].map((c: { couponCode: string }) => c.couponCode);
    expect(listed.sort()).toEqual([...made.body.codes].sort());
  });
});

describe("deletecoupon", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    const couponId = await addCoupon(`KEEP${Date.now()}`);
    expect((await call("deletecoupon", { couponId })).status).toBe(401);
    expect((await call("deletecoupon", { couponId }, { cookie: client.cookie })).status).toBe(403);
    expect(await env.DB.prepare("SELECT 1 FROM coupons WHERE couponId = ?1").bind(couponId).first()).not.toBeNull();
  });

  it("deletes an unused coupon with an audit row", async () => {
    const admin = await createAdmin();
    const couponId = await addCoupon(`GONE${Date.now()}`);
    const res = await call("deletecoupon", { couponId }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Coupon deleted successfully!" });
    expect(await env.DB.prepare("SELECT 1 FROM coupons WHERE couponId = ?1").bind(couponId).first()).toBeNull();
    const audit = await env.DB.prepare("SELECT 1 FROM audit_log WHERE action = 'delete-coupon' AND subjectId = ?1")
      .bind(String(couponId))
      .first();
    expect(audit).not.toBeNull();
    expect((await call("deletecoupon", { couponId }, { cookie: admin.cookie })).status).toBe(404);
  });

  it("refuses a used coupon with 409 and keeps it", async () => {
    const admin = await createAdmin();
    const couponId = await addCoupon(`USED${Date.now()}`, { used: true });
    const res = await call("deletecoupon", { couponId }, { cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "A used coupon cannot be deleted.", code: "coupon_used" });
    expect(await env.DB.prepare("SELECT 1 FROM coupons WHERE couponId = ?1").bind(couponId).first()).not.toBeNull();
  });
});
