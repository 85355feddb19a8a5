import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, call, callForm, countRows, createUser, directFetch, uniqueEmail } from "./helpers";
import { insertUser, sessionCookie } from "./proof-support";

/**
 * Issue 28, the probe's smaller faults: what a body must be, whose origin a browser POST may come from,
 * a call that is off answering the same to every body, and every field error in its own words.
 */

const registration = () => ({ userName: "Probe Person", userEmail: uniqueEmail("probe"), password: "Long-enough-1" });

describe("bodies", () => {
  it("refuses JSON sent as text/plain or as a form (a cross-site form can send either), changing nothing", async () => {
    const users = await countRows("users");
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "application/jsonp"]) {
      const res = await call("register", undefined, { raw: JSON.stringify(registration()), headers: { "content-type": type } });
      expect([res.status, res.body.code], type).toEqual([415, "unsupported_type"]);
      expect(res.body.error).toBe("Send the body as application/json.");
    }
    // Without a type, a body is refused too; an empty body without one is an empty call (curl -X POST).
    const untyped = await directFetch(`${BASE}/api/register`, {
      method: "POST",
      body: new Blob([JSON.stringify(registration())]),
    });
    expect(untyped.status).toBe(415);
    expect((await directFetch(`${BASE}/api/app-settings`, { method: "POST" })).status).toBe(200);
    expect(await countRows("users")).toBe(users);
    const json = await call("register", undefined, {
      raw: JSON.stringify(registration()),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(json.status).toBe(200);
  });

  it("takes multipart only where a call takes files", async () => {
    const user = await createUser();
    const refused = await callForm(
      "change-password",
      { currentPassword: user.password, newPassword: "Another-pass-1" },
      { cookie: user.cookie },
    );
    expect([refused.status, refused.body.code]).toEqual([415, "unsupported_type"]);
    const admin = await insertUser("admin");
    const cookie = await sessionCookie(admin.userId);
    const site = await callForm(
      "updatesite",
      { siteId: "0", siteName: "Form Site", siteDesc: "d", sitePrice: "2", siteIsUse: "1" },
      { cookie },
    );
    expect(site.status).toBe(200);
    const plain = await call("updatesite", undefined, { cookie, raw: "siteName=x", headers: { "content-type": "text/plain" } });
    expect([plain.status, plain.body.error]).toEqual([415, "Send the body as application/json or multipart/form-data."]);
  });
});

describe("origins", () => {
  it("accepts a POST from the portal's own origin only: scheme, host and port", async () => {
    const user = await createUser();
    const post = (origin: string) => call("me", {}, { cookie: user.cookie, headers: { origin } });
    expect((await post(BASE)).status).toBe(200);
    for (const origin of [
      "https://portal.test",
      "http://portal.test:8080",
      "http://evil.example",
      "null",
      "http://portal.test.evil.example",
    ]) {
      const res = await post(origin);
      expect([res.status, res.body.code], origin).toEqual([403, "cross_origin"]);
    }
  });
});

describe("calls that are off", () => {
  it("answers 404 card_payments_off to every body while card payments are off", async () => {
    expect(env.STRIPE_SECRET_KEY ?? "").toBe("");
    const bodies: Array<[string, unknown]> = [
      ["start-card-payment", {}],
      ["start-card-payment", { referenceId: "not a reference" }],
      ["start-card-payment", { referenceId: "A".repeat(22) }],
      ["stripe-webhook", {}],
      ["stripe-webhook", { type: 12 }],
      ["stripe-webhook", { id: "evt_1", type: "checkout.session.completed", data: { object: {} } }],
    ];
    for (const [name, body] of bodies) {
      const res = await call(name, body);
      expect([res.status, res.body.code], `${name} ${JSON.stringify(body)}`).toEqual([404, "card_payments_off"]);
    }
  });
});

describe("field errors", () => {
  it("say what each field must be, in its own words", async () => {
    const admin = await insertUser("admin");
    const cookie = await sessionCookie(admin.userId);
    const reference = await call("payment-detail", { referenceId: "short" });
    expect([reference.status, reference.body.field, reference.body.reason]).toEqual([
      400,
      "referenceId",
      "must be a payment reference",
    ]);
    expect(reference.body.error).not.toContain("regex");
    const role = await call(
      "update-role",
      { roleId: 0, roleName: "no spaces!", rules: [{ action: "read", subject: "all" }] },
      { cookie },
    );
    expect([role.body.field, role.body.reason]).toEqual([
      "roleName",
      "may hold only letters, digits, - and _, starting with a letter or a digit",
    ]);
    const prefix = await call(
      "generate-coupons",
      { couponQuota: 5, couponExpired: "2099-01-01", couponPrefix: "A B" },
      { cookie },
    );
    expect([prefix.body.field, prefix.body.reason]).toEqual(["couponPrefix", "may hold only letters, digits and dashes"]);
    for (const couponExpired of ["2099-1-1", "2099-02-30"]) {
      const date = await call("generate-coupons", { couponQuota: 5, couponExpired }, { cookie });
      expect([date.body.field, date.body.reason], couponExpired).toEqual(["couponExpired", "must be a date (YYYY-MM-DD)"]);
    }
    const french = await call(
      "payment-detail",
      { referenceId: "short" },
      { headers: { cookie: `language=${encodeURIComponent('"fr"')}` } },
    );
    expect(french.body.reason).toBe("doit être une référence de paiement");
  });
});
