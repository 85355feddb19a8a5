import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isBankAccount, isValidIban } from "../../worker/src/contract/storesettings";
import { call, callForm, countRows, createAdmin, createBundle, createUser, type TestUser } from "./helpers";
import { paidTransfer, refund } from "./refund-support";

/**
 * Store settings kept in D1 over wrangler.toml's vars (issue 41 item 2, docs/decisions/0019-store-settings.md):
 * validated field by field, audited, and in force for the very next call.
 */

/** A 1×1 PNG: real image bytes. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

const update = (admin: TestUser, body: Record<string, unknown>) => call("update-store-settings", body, { cookie: admin.cookie });

/** A client's pending payment for a 10-point bundle: its reference. */
async function placeOrder(): Promise<string> {
  const client = await createUser();
  const bundle = await createBundle({ points: 10, ppp: 100 });
  const placed = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
  expect(placed.status).toBe(200);
  return placed.body.referenceId;
}

describe("store settings", () => {
  it("answers wrangler.toml's vars while nothing is saved", async () => {
    const admin = await createAdmin();
    const res = await call("store-settings", {}, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      siteName: env.SITE_NAME,
      bankName: env.BANK_NAME,
      bankAccountNumber: env.BANK_ACCOUNT_NUMBER,
      bankLogo: env.BANK_LOGO,
      paymentExpiryHours: Number(env.PAYMENT_EXPIRY_HOURS),
      languageSwitcher: env.LANGUAGE_SWITCHER === "true",
      taxRate: null,
      referralRewardPoints: Number(env.REFERRAL_REWARD_POINTS),
      referralNewClientPoints: Number(env.REFERRAL_NEW_CLIENT_POINTS),
    });
    // Clients and visitors never read them (the permission matrix checks every principal).
    const client = await createUser();
    expect((await call("store-settings", {}, { cookie: client.cookie })).status).toBe(403);
    expect((await call("update-store-settings", { siteName: "Mine" }, { cookie: client.cookie })).status).toBe(403);
    expect((await call("update-store-settings", { siteName: "Mine" })).status).toBe(401);
  });

  it("refuses each bad field with a 400 naming it, and saves nothing of the body", async () => {
    const admin = await createAdmin();
    const bad: Array<[string, unknown]> = [
      ["taxRate", 101],
      ["taxRate", -1],
      ["taxRate", 7.125],
      ["taxRate", "twenty"],
      // GB82 WEST 1234 5698 7654 32 is a valid IBAN: one digit off breaks its checksum.
      ["bankAccountNumber", "GB82 WEST 1234 5698 7654 33"],
      ["bankAccountNumber", "12ab"],
      ["bankAccountNumber", ""],
      ["bankLogo", "http://bank.example/logo.png"],
      ["bankLogo", "javascript:alert(1)"],
      ["bankLogo", "//evil.example/logo.png"],
      ["paymentExpiryHours", 0],
      ["paymentExpiryHours", 721],
      ["languageSwitcher", "maybe"],
      ["sellerCountry", "FRA"],
      ["siteName", ""],
      ["siteName", "Evil\u202Eoverride"],
      ["referralRewardPoints", -5],
      ["referralNewClientPoints", 2.5],
    ];
    for (const [field, value] of bad) {
      const res = await update(admin, { siteName: "Saved by mistake", [field]: value });
      expect(res.status, `${field} = ${JSON.stringify(value)}`).toBe(400);
      expect(res.body.field, `${field} = ${JSON.stringify(value)}`).toBe(field);
    }
    expect(await countRows("store_settings")).toBe(0);
    const audited = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'update-store-settings'").first<{
      n: number;
    }>();
    expect(audited!.n).toBe(0);
    // The reason is worded for people, in the caller's language.
    const french = await call(
      "update-store-settings",
      { bankAccountNumber: "GB82 WEST 1234 5698 7654 33" },
      { cookie: `${admin.cookie}; language=fr` },
    );
    expect(french.body.reason).toContain("IBAN");
  });

  it("tells an IBAN by its checksum and takes a domestic account number", () => {
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isBankAccount("fr76 3000 6000 0112 3456 7890 189")).toBe(true);
    expect(isBankAccount("0000-1111-2222")).toBe(true);
    expect(isBankAccount("12 34")).toBe(true);
    expect(isBankAccount("-1234")).toBe(false);
  });

  it("puts new bank details in force at once: the payer's page shows them, the change is audited", async () => {
    const admin = await createAdmin();
    const reference = await placeOrder();
    const before = await call("payment-detail", { referenceId: reference });
    expect(before.body.bank.accountNumber).toBe(env.BANK_ACCOUNT_NUMBER);

    const saved = await update(admin, {
      bankName: "Banque Exemple",
      bankAccountName: "Edge Portal SAS",
      bankAccountNumber: "de89 3704 0044 0532 0130 00",
      bankLogo: "https://bank.example/logo.svg",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ bankName: "Banque Exemple", bankAccountNumber: "de89 3704 0044 0532 0130 00" });

    // The anonymous payer, the very next call.
    const after = await call("payment-detail", { referenceId: reference });
    expect(after.body.bank).toEqual({
      name: "Banque Exemple",
      accountName: "Edge Portal SAS",
      accountNumber: "de89 3704 0044 0532 0130 00",
      logo: "https://bank.example/logo.svg",
    });
    const row = await env.DB.prepare(
      "SELECT actorId, detail FROM audit_log WHERE action = 'update-store-settings' ORDER BY auditId DESC LIMIT 1",
    ).first<{ actorId: number; detail: string }>();
    expect(row!.actorId).toBe(admin.userId);
    expect(JSON.parse(row!.detail)).toMatchObject({ bankName: "Banque Exemple" });

    // Sending the same values again changes nothing and writes no audit row.
    const again = await update(admin, { bankName: "Banque Exemple" });
    expect(again.status).toBe(200);
    const audited = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'update-store-settings'").first<{
      n: number;
    }>();
    expect(audited!.n).toBe(1);
  });

  it("puts the site's name, the language switcher, the tax and the expiry in force for the next calls", async () => {
    const admin = await createAdmin();
    expect((await update(admin, { siteName: "Acme Store", languageSwitcher: true, taxRate: "20", taxName: "TVA" })).status).toBe(
      200,
    );
    expect((await update(admin, { paymentExpiryHours: "2", taxInclusive: false })).status).toBe(200);
    const app = await call("app-settings");
    expect(app.body).toMatchObject({ siteName: "Acme Store", languageSwitcher: true });

    const client = await createUser();
    const bundle = await createBundle({ points: 10, ppp: 100 });
    const placed = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
    expect(placed.body.payment).toMatchObject({ netAmount: 1000, taxAmount: 200, amount: 1200 });
    expect(placed.body.payment.tax).toMatchObject({ name: "TVA", rate: 20, inclusive: false });
    const hours = (Date.parse(placed.body.payment.expiresAt) - Date.parse(placed.body.payment.createdAt)) / 3600_000;
    expect(hours).toBeCloseTo(2, 3);

    // Blank tax rate: no tax again.
    expect((await update(admin, { taxRate: "" })).body.settings.taxRate).toBeNull();
    const untaxed = await call("checkout", { kind: "bundle", refId: bundle.bundleId, qty: 2 }, { cookie: client.cookie });
    expect(untaxed.body.payment).toMatchObject({ amount: 2000, taxAmount: null });
  });

  it("never rewrites an issued invoice: it keeps the seller it was issued with", async () => {
    const admin = await createAdmin();
    await update(admin, {
      siteName: "Issuer",
      sellerLegalName: "Old Name Ltd",
      sellerAddress: "1 Old Street\r\nOldtown",
      sellerTaxId: "GB123",
    });
    const client = await createUser();
    const bundle = await createBundle({ points: 10, ppp: 10 });
    const paid = await call(
      "add-payment",
      { userId: client.userId, lines: [{ kind: "bundle", refId: bundle.bundleId, qty: 1 }] },
      { cookie: admin.cookie },
    );
    expect(paid.status).toBe(200);
    const issued = paid.body.payment.referenceId;
    const pending = await placeOrder();

    await update(admin, {
      sellerLegalName: "New Name SAS",
      sellerAddress: "2 New Road",
      siteName: "Renamed",
      sellerTaxId: "FR9",
    });

    const invoice = await call("invoice-detail", { referenceId: issued }, { cookie: admin.cookie });
    expect(invoice.body.seller.siteName).toBe("Issuer");
    expect(invoice.body.seller.party).toEqual({
      legalName: "Old Name Ltd",
      address: ["1 Old Street", "Oldtown"],
      country: "",
      taxId: "GB123",
    });
    // A payment not yet paid has no invoice yet: it shows the seller in force.
    const open = await call("invoice-detail", { referenceId: pending }, { cookie: admin.cookie });
    expect(open.body.seller.party).toMatchObject({ legalName: "New Name SAS", address: ["2 New Road"], taxId: "FR9" });
    expect(open.body.seller.siteName).toBe("Renamed");
  });

  it("signs a sale's mails with the site's name in force: the receipt at confirmation, the credit note at refund", async () => {
    const admin = await createAdmin();
    expect((await update(admin, { siteName: "Signed Store" })).status).toBe(200);
    const sale = await paidTransfer({ points: 10 });
    expect((await refund(sale.admin, { referenceId: sale.referenceId, reason: "Asked" })).status).toBe(200);
    const mails = await env.DB.prepare("SELECT mailKind, mailSubject FROM outbox WHERE toEmail = ?1 ORDER BY mailId")
      .bind(sale.client.email)
      .all<{ mailKind: string; mailSubject: string }>();
    const subjects = Object.fromEntries(mails.results.map((m) => [m.mailKind, m.mailSubject]));
    expect(subjects.receipt).toMatch(/^Signed Store: /);
    expect(subjects["credit-note"]).toMatch(/^Signed Store: /);
  });

  it("stores an uploaded logo in R2, checked by its bytes", async () => {
    const admin = await createAdmin();
    const saved = await callForm(
      "update-store-settings",
      { bankLogoNew: new File([PNG], "logo.png", { type: "image/png" }) },
      { cookie: admin.cookie },
    );
    expect(saved.status).toBe(200);
    const logo: string = saved.body.settings.bankLogo;
    expect(logo).toMatch(/^\/images\/[a-f0-9]{64}\.png$/);
    expect(await env.FILES.head(logo.slice(1))).not.toBeNull();

    // A file that only claims to be an image is refused, and the logo stays.
    const fake = await callForm(
      "update-store-settings",
      { bankLogoNew: new File([new TextEncoder().encode("MZ not an image")], "logo.png", { type: "image/png" }) },
      { cookie: admin.cookie },
    );
    expect(fake.status).toBe(415);
    expect((await call("store-settings", {}, { cookie: admin.cookie })).body.settings.bankLogo).toBe(logo);
  });
});
