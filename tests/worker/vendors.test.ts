import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { unseal } from "../../worker/src/auth/secretbox";
import { call, countRows, createAdmin, createUser, type TestUser } from "./helpers";

const COOKIE_SECRET = "session=top-secret-cookie-value";
const PASSWORD_SECRET = "hunter2-very-secret";

async function addSite(name = `Site ${Math.random().toString(36).slice(2, 8)}`) {
  const row = await env.DB.prepare("INSERT INTO sites (siteName, siteDesc, sitePrice) VALUES (?1, 'desc', 5) RETURNING siteId")
    .bind(name)
    .first<{ siteId: number }>();
  return row!.siteId;
}

async function storedSecret(vendorId: number) {
  const row = await env.DB.prepare("SELECT vendorSecret FROM vendor_accounts WHERE vendorId = ?1")
    .bind(vendorId)
    .first<{ vendorSecret: string | null }>();
  return row!.vendorSecret;
}

async function plain(vendorId: number) {
  return JSON.parse(await unseal((await storedSecret(vendorId))!, env.VENDOR_SECRET_KEYS)) as Record<string, string>;
}

/** Fails when a secret appears anywhere in an answer or the audit log. */
async function expectNoSecrets(answer: unknown) {
  const text = JSON.stringify(answer);
  for (const leak of [COOKIE_SECRET, PASSWORD_SECRET, "vendorSecret", "vendorValue", "vendorPassword"]) {
    expect(text).not.toContain(leak);
  }
  const audit = await env.DB.prepare("SELECT group_concat(detail) AS d FROM audit_log").first<{ d: string }>();
  expect(audit!.d).not.toContain(COOKIE_SECRET);
  expect(audit!.d).not.toContain(PASSWORD_SECRET);
}

describe("vendor accounts", () => {
  let admin: TestUser;
  let siteId: number;
  beforeAll(async () => {
    admin = await createAdmin();
    siteId = await addSite();
  });
  const save = (body: object) => call("updatevendor", body, { cookie: admin.cookie });
  const cookieAccount = () => ({
    vendorId: 0,
    vendorSiteID: siteId,
    vendorName: "Cookie account",
    vendorIsActive: true,
    loginMethod: "cookie",
    vendorValue: COOKIE_SECRET,
  });

  it("are for admins only", async () => {
    const client = await createUser();
    const before = await countRows("vendor_accounts");
    for (const [name, body] of [
      ["searchvendor", {}],
      ["updatevendor", cookieAccount()],
      ["deletevendor", { vendorId: 1 }],
    ] as const) {
      expect((await call(name, body)).status, name).toBe(401);
      expect((await call(name, body, { cookie: client.cookie })).status, name).toBe(403);
    }
    expect(await countRows("vendor_accounts")).toBe(before);
  });

  it("seals a cookie login as {vendorValue} and never answers it", async () => {
    const res = await save(cookieAccount());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Vendor account created successfully!");
    expect(res.body.vendor).toMatchObject({
      vendorSiteID: siteId,
      loginMethod: "cookie",
      vendorEmail: "",
      hasSecret: true,
      vendorIsActive: true,
    });
    await expectNoSecrets(res.body);
    const sealed = JSON.parse((await storedSecret(res.body.vendor.vendorId))!);
    expect(Object.keys(sealed).sort()).toEqual(["ct", "iv", "kid"]);
    expect(sealed.kid).toBe("t2");
    expect(await plain(res.body.vendor.vendorId)).toEqual({ vendorValue: COOKIE_SECRET });
  });

  it("seals an email login as {vendorPassword} and keeps it when the password is not retyped", async () => {
    const created = await save({
      vendorSiteID: siteId,
      vendorName: "Mail account",
      vendorIsActive: true,
      loginMethod: "email",
      vendorEmail: "Vendor@Example.com",
      vendorPassword: PASSWORD_SECRET,
    });
    expect(created.status).toBe(200);
    const vendorId = created.body.vendor.vendorId;
    expect(created.body.vendor).toMatchObject({ loginMethod: "email", vendorEmail: "vendor@example.com", hasSecret: true });
    const before = await storedSecret(vendorId);
    const edited = await save({
      vendorId,
      vendorSiteID: siteId,
      vendorName: "Renamed",
      vendorIsActive: false,
      loginMethod: "email",
      vendorEmail: "vendor@example.com",
      vendorPassword: "",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe("Vendor account updated successfully!");
    expect(edited.body.vendor).toMatchObject({ vendorName: "Renamed", vendorIsActive: false, hasSecret: true });
    expect(await storedSecret(vendorId)).toBe(before);
    expect(await plain(vendorId)).toEqual({ vendorPassword: PASSWORD_SECRET });
    await expectNoSecrets(edited.body);
  });

  it("needs the new method's secret when the login method changes", async () => {
    const created = await save(cookieAccount());
    const vendorId = created.body.vendor.vendorId;
    const before = await storedSecret(vendorId);
    const noSecret = await save({
      ...cookieAccount(),
      vendorId,
      loginMethod: "email",
      vendorEmail: "v@example.com",
      vendorValue: undefined,
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body).toEqual({
      error: 'The field "vendorPassword" is required.',
      code: "required",
      field: "vendorPassword",
    });
    expect(await storedSecret(vendorId)).toBe(before);
    const switched = await save({
      ...cookieAccount(),
      vendorId,
      loginMethod: "email",
      vendorEmail: "v@example.com",
      vendorPassword: PASSWORD_SECRET,
    });
    expect(switched.status).toBe(200);
    expect(await plain(vendorId)).toEqual({ vendorPassword: PASSWORD_SECRET });
  });

  it("infers the login method from the credentials when the original client leaves it out", async () => {
    const { loginMethod: _cookie, ...cookieWithout } = cookieAccount();
    const cookie = await save(cookieWithout);
    expect(cookie.status).toBe(200);
    expect(cookie.body.vendor).toMatchObject({ loginMethod: "cookie", hasSecret: true });
    expect(await plain(cookie.body.vendor.vendorId)).toEqual({ vendorValue: COOKIE_SECRET });

    const mailBody = { vendorSiteID: siteId, vendorName: "Mail, inferred", vendorIsActive: true, vendorEmail: "m@example.com" };
    const email = await save({ ...mailBody, vendorPassword: PASSWORD_SECRET });
    expect(email.status).toBe(200);
    expect(email.body.vendor).toMatchObject({ loginMethod: "email", vendorEmail: "m@example.com", hasSecret: true });
    const vendorId = email.body.vendor.vendorId;
    const sealed = await storedSecret(vendorId);

    // An update sending no secret keeps both the method and the secret.
    const renamed = await save({ vendorId, vendorSiteID: siteId, vendorName: "Mail, renamed", vendorIsActive: false });
    expect(renamed.status).toBe(200);
    expect(renamed.body.vendor).toMatchObject({ loginMethod: "email", vendorEmail: "m@example.com", vendorIsActive: false });
    expect(await storedSecret(vendorId)).toBe(sealed);
    // The email alone on an update is still an email login, its password kept.
    const moved = await save({ vendorId, ...mailBody, vendorEmail: "moved@example.com" });
    expect(moved.body.vendor).toMatchObject({ loginMethod: "email", vendorEmail: "moved@example.com" });
    expect(await storedSecret(vendorId)).toBe(sealed);
    // A cookie sent to an email account switches it.
    const switched = await save({
      vendorId,
      vendorSiteID: siteId,
      vendorName: "Now cookie",
      vendorIsActive: true,
      vendorValue: COOKIE_SECRET,
    });
    expect(switched.body.vendor).toMatchObject({ loginMethod: "cookie", vendorEmail: "" });
    expect(await plain(vendorId)).toEqual({ vendorValue: COOKIE_SECRET });
    await expectNoSecrets([cookie.body, email.body, renamed.body, switched.body]);
  });

  it("refuses a new account without method or credentials, and both kinds of credentials at once", async () => {
    const before = await countRows("vendor_accounts");
    const bare = { vendorSiteID: siteId, vendorName: "Bare", vendorIsActive: true };
    const none = await save(bare);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: "missing_credentials",
      field: "loginMethod",
      error:
        "Send loginMethod, or the credentials it follows from: vendorValue (cookie login) or vendorEmail and vendorPassword (email login).",
    });
    // A blank method is no method; blank credentials are no credentials.
    expect((await save({ ...bare, loginMethod: "" })).body.code).toBe("missing_credentials");
    expect((await save({ ...bare, vendorValue: " ", vendorEmail: "", vendorPassword: "" })).body.code).toBe(
      "missing_credentials",
    );
    const both = await save({
      ...bare,
      vendorValue: COOKIE_SECRET,
      vendorEmail: "b@example.com",
      vendorPassword: PASSWORD_SECRET,
    });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ code: "ambiguous_login_method", field: "loginMethod" });
    // The email without its password is an email login missing its secret.
    const noPassword = await save({ ...bare, vendorEmail: "c@example.com" });
    expect(noPassword.body).toMatchObject({ code: "required", field: "vendorPassword" });
    expect(await countRows("vendor_accounts")).toBe(before);
  });

  it("refuses missing fields, a bad method and an unknown site, changing nothing", async () => {
    const before = await countRows("vendor_accounts");
    const cases: [object, string][] = [
      [{ ...cookieAccount(), vendorValue: "" }, "vendorValue"],
      [{ ...cookieAccount(), vendorName: " " }, "vendorName"],
      [{ ...cookieAccount(), loginMethod: "oauth" }, "loginMethod"],
      [{ ...cookieAccount(), loginMethod: "email", vendorPassword: "x" }, "vendorEmail"],
      [{ ...cookieAccount(), loginMethod: "email", vendorEmail: "not-an-email", vendorPassword: "x" }, "vendorEmail"],
      [{ ...cookieAccount(), vendorSiteID: 99_999_999 }, "vendorSiteID"],
      [{ ...cookieAccount(), vendorSiteID: -3 }, "vendorSiteID"],
    ];
    for (const [body, field] of cases) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect((await save({ ...cookieAccount(), vendorId: 99_999_999 })).status).toBe(404);
    expect(await countRows("vendor_accounts")).toBe(before);
  });

  it("lists by site and status, pages by 10, and never answers secrets", async () => {
    const other = await addSite();
    for (let i = 0; i < 11; i++) {
      await save({
        ...cookieAccount(),
        vendorSiteID: other,
        vendorName: `Pool ${String(i).padStart(2, "0")}`,
        vendorIsActive: i !== 0,
      });
    }
    const first = await call("searchvendor", { selectedVendor: other }, { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 11, page: 1, limit: 10 });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({ vendorName: "Pool 00", hasSecret: true, vendorIsActive: false });
    await expectNoSecrets(first.body);
    const inactive = await call("searchvendor", { selectedVendor: other, selectedStatus: "inactive" }, { cookie: admin.cookie });
    expect(inactive.body.data.map((v: { vendorName: string }) => v.vendorName)).toEqual(["Pool 00"]);
    const searched = await call("searchvendor", { search: "Pool 1", selectedVendor: String(other) }, { cookie: admin.cookie });
    expect(searched.body.data.map((v: { vendorName: string }) => v.vendorName)).toEqual(["Pool 10"]);
  });

  it("deletes an account unless a queued job waits for it; history keeps the name", async () => {
    const client = await createUser();
    const created = await save(cookieAccount());
    const vendorId = created.body.vendor.vendorId;
    const job = crypto.randomUUID().replaceAll("-", "");
    await env.DB.prepare(
      `INSERT INTO history (uniqueId, userId, siteId, vendorId, siteName, vendorName, fileName, fileKey, pointsSpent)
       VALUES (?1, ?2, ?3, ?4, 'S', 'Cookie account', 'a.pdf', 'documents/a.pdf', 5)`,
    )
      .bind(job, client.userId, siteId, vendorId)
      .run();
    const refused = await call("deletevendor", { vendorId }, { cookie: admin.cookie });
    expect(refused.status).toBe(409);
    await env.DB.prepare("UPDATE history SET status = 2 WHERE uniqueId = ?1").bind(job).run();
    const res = await call("deletevendor", { vendorId }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Vendor account deleted successfully!" });
    const row = await env.DB.prepare("SELECT vendorId, vendorName FROM history WHERE uniqueId = ?1").bind(job).first();
    expect(row).toEqual({ vendorId: null, vendorName: "Cookie account" });
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'delete-vendor' AND subjectId = ?1")
      .bind(String(vendorId))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
    expect((await call("deletevendor", { vendorId }, { cookie: admin.cookie })).status).toBe(404);
  });
});
