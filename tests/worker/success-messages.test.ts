/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../worker/src/errors/language";
import {
  CATALOGS,
  renderSuccess,
  type BaseSuccessKey,
  type Catalog,
  type FeatureSamples,
  type Success,
  type SuccessKey,
  type SuccessParams,
} from "../../worker/src/messages";
import { success } from "../../worker/src/http/respond";
import { call, createAdmin, uniqueEmail } from "./helpers";

/**
 * Success answers' `message` is keyed like errors (worker/src/messages, `successes`): rendered in the
 * web app's language from its `language` cookie, English (the contract's texts) for every other client.
 */

/** The web app's `language` cookie, JSON-encoded as web/src/lib/cookies.ts writes it. */
const language = (lng: string) => `language=${encodeURIComponent(JSON.stringify(lng))}`;
const withLanguage = (cookie: string, lng: string | undefined) => (lng ? `${cookie}; ${language(lng)}` : cookie);

type KeyWithParams = { [K in BaseSuccessKey]: keyof SuccessParams<K> extends never ? never : K }[BaseSuccessKey];

/**
 * Sample parameters of every success message of the base catalog that has some: a new parameterized one must
 * add its own (a feature's: its en.ts's `samples`).
 */
const SAMPLES: { [K in KeyWithParams]: SuccessParams<K> } = {
  couponsGenerated: { count: 5 },
  documentSent: { site: "Turnitin" },
  jobsClaimed: { count: 5 },
};

const FEATURE_SAMPLES: Record<string, object> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<FeatureSamples | undefined>("../../worker/src/messages/*/en.ts", { eager: true, import: "samples" }),
  ).map((samples) => samples?.successes ?? {}),
);
const keys = Object.keys(CATALOGS.en.successes) as SuccessKey[];
const sampleOf = (key: SuccessKey) =>
  ({ key, params: { ...FEATURE_SAMPLES, ...(SAMPLES as Record<string, object>) }[key] ?? {} }) as Success;
const inEnglish = (key: SuccessKey) => renderSuccess(sampleOf(key), "en");

/** The English texts the handlers answered before they were keyed (docs/API.md, the spec): they must not change. */
const CONTRACT_TEXTS: Record<BaseSuccessKey, string> = {
  signedIn: "Signed in.",
  signedOut: "Signed out.",
  resetLinkSent: "If an account exists for this email, a reset link is on its way.",
  passwordReset: "Your password has been changed. You can sign in now.",
  emailConfirmed: "Your email address is confirmed.",
  verificationSent: "A new verification link is on its way.",
  passwordChanged: "Your password has been changed. Other sessions were signed out.",
  twoFactorOn: "Two-factor authentication is on.",
  twoFactorOff: "Two-factor authentication is off.",
  sessionSignedOut: "The session was signed out.",
  passkeyAdded: "The passkey was added.",
  passkeyRemoved: "The passkey was removed.",
  recoveryCodesMade: "New recovery codes are ready. The previous ones no longer work.",
  accountClosed: "Your account is closed and your personal data erased.",
  userCreated: "User created successfully!",
  userUpdated: "User updated successfully!",
  userDeleted: "User deleted successfully!",
  quotaAdjusted: "Quota adjusted.",
  twoFactorReset: "Two-factor authentication was reset.",
  roleCreated: "Role created successfully!",
  roleUpdated: "Role updated successfully!",
  roleDeleted: "Role deleted successfully!",
  apiKeyCreated: "API key created. Copy it now: it will not be shown again.",
  apiKeyRevokedNow: "API key revoked.",
  bundleCreated: "Bundle created successfully!",
  bundleUpdated: "Bundle updated successfully!",
  bundleDeleted: "Bundle deleted successfully!",
  itemCreated: "Item created successfully!",
  itemUpdated: "Item updated successfully!",
  itemDeleted: "Item deleted successfully!",
  siteCreated: "Site created successfully!",
  siteUpdated: "Site updated successfully!",
  siteDeleted: "Site deleted successfully!",
  vendorCreated: "Vendor account created successfully!",
  vendorUpdated: "Vendor account updated successfully!",
  vendorDeleted: "Vendor account deleted successfully!",
  vendorPaused: "Vendor account paused: it gets no new jobs.",
  vendorResumed: "Vendor account resumed: its jobs are handed out again.",
  couponsGenerated: "5 coupons generated successfully!",
  couponDeleted: "Coupon deleted successfully!",
  storeSettingsSaved: "Store settings saved. They are in force now.",
  storeSettingsUnchanged: "Nothing changed: the settings already had these values.",
  couponRedeemed: "Coupon redeemed. Your points were added.",
  removedFromCart: "Removed from your cart.",
  cartUpdated: "Your cart was updated.",
  orderPlaced: "Your order is placed. Please complete the payment.",
  proofReceived: "Thank you. Your proof of transfer was received and will be checked shortly.",
  paymentConfirmed: "Payment confirmed. Points and subscriptions were granted.",
  paymentCancelled: "Payment cancelled.",
  paymentRecorded: "Payment recorded.",
  paymentAlreadyRecorded: "Payment was already recorded.",
  onlyPaidEventsCount: "Noted; only paid events change a payment.",
  paymentRecordedAndGranted: "Payment recorded. Points and subscriptions were granted.",
  invoiceSaved: "Invoice saved.",
  invoiceOnItsWay: "The invoice is on its way.",
  continueToCardPage: "Continue to the card payment page.",
  eventIgnored: "Event ignored.",
  notOurSession: "Not a session of this portal; ignored.",
  notOurPayment: "Not a payment of this portal; ignored.",
  notCurrentSession: "Not the payment's current session; ignored.",
  cardSessionExpired: "Session expired; the payment stays open.",
  cardPaymentFailed: "The card payment failed; the payment stays open.",
  awaitingCardConfirmation: "Noted; the payment is granted once Stripe confirms it.",
  settledAnotherWay: "The payment was already settled another way; refund this card payment.",
  unknownSessionRecorded: "A paid session this portal does not know for the payment; recorded for a refund.",
  notificationRead: "Marked as read.",
  allNotificationsRead: "All notifications marked as read.",
  notificationSettingsSaved: "Notification settings saved.",
  unsubscribed: "You will no longer receive these mails.",
  mailResent: "The mail is queued again.",
  documentSent: "Your document was sent to Turnitin.",
  noJobsWaiting: "No jobs are waiting.",
  jobsClaimed: "5 job(s) claimed.",
  jobDone: "The job is marked done.",
  jobFailedAndRefunded: "The job is marked failed and its points were refunded.",
  paymentRefunded: "Refund made: its credit note was issued.",
  refundPendingAtStripe: "Stripe is processing the refund: it is settled when Stripe confirms it.",
  refundApplied: "Refund applied.",
  refundIgnored: "Refund ignored: already applied, or not a payment of this portal.",
  unappliedChargeRefunded: "The card charge was refunded.",
  billingDetailsSaved: "Billing details saved.",
};

describe("every success text in every language", () => {
  it("has the same keys in every catalog", () => {
    for (const lng of LANGUAGES) expect(Object.keys(CATALOGS[lng].successes).sort()).toEqual([...keys].sort());
  });

  it("keeps the English texts of the contract byte for byte", () => {
    const baseKeys = Object.keys(CONTRACT_TEXTS) as BaseSuccessKey[];
    expect(Object.fromEntries(baseKeys.map((key) => [key, inEnglish(key)]))).toEqual(CONTRACT_TEXTS);
    expect(renderSuccess({ key: "couponsGenerated", params: { count: 1 } }, "en")).toBe("Coupon generated successfully!");
    expect(renderSuccess({ key: "jobsClaimed", params: { count: 1 } }, "en")).toBe("1 job(s) claimed.");
  });

  it.each(LANGUAGES)("renders every success in %s: no placeholder left, not empty, translated, parameters kept", (lng) => {
    const problems: string[] = [];
    for (const key of keys) {
      const said = sampleOf(key);
      const text = renderSuccess(said, lng);
      if (!text.trim()) problems.push(`${key}: empty`);
      if (/\{\w+\}/.test(text)) problems.push(`${key}: placeholder left in "${text}"`);
      if (lng === "en") continue;
      if (text === inEnglish(key)) problems.push(`${key}: still English`);
      for (const value of Object.values(said.params)) if (!text.includes(String(value))) problems.push(`${key}: lost "${value}"`);
    }
    expect(problems).toEqual([]);
  });

  it("counts in French and Arabic with their plural forms", () => {
    const coupons = (count: number, lng: "fr" | "ar") => renderSuccess({ key: "couponsGenerated", params: { count } }, lng);
    expect(coupons(1, "fr")).toBe("Coupon généré avec succès !");
    expect(coupons(3, "fr")).toBe("3 coupons générés avec succès !");
    expect([1, 2, 5, 11, 100].map((count) => coupons(count, "ar"))).toEqual([
      "تم توليد القسيمة بنجاح!",
      "تم توليد قسيمتين بنجاح!",
      "تم توليد 5 قسائم بنجاح!",
      "تم توليد 11 قسيمة بنجاح!",
      "تم توليد 100 قسيمة بنجاح!",
    ]);
    const claimed = (count: number, lng: "fr" | "ar") => renderSuccess({ key: "jobsClaimed", params: { count } }, lng);
    expect([claimed(1, "fr"), claimed(4, "fr")]).toEqual(["1 tâche prise en charge.", "4 tâches prises en charge."]);
    expect([claimed(2, "ar"), claimed(7, "ar")]).toEqual(["تم استلام مهمتين.", "تم استلام 7 مهام."]);
  });

  it("answers in the request's language, or English without the cookie", () => {
    const request = (cookie?: string) => ({
      request: new Request("http://portal.test/api/x", { headers: cookie ? { cookie } : {} }),
    });
    expect(success(request(language("ar")), "documentSent", { site: "Turnitin" })).toBe("تم إرسال مستندك إلى Turnitin.");
    expect(success(request(language("fr")), "signedOut")).toBe("Déconnexion réussie.");
    expect(success(request(language("de")), "signedOut")).toBe("Signed out.");
    expect(success(request(), "signedOut")).toBe("Signed out.");
  });

  it("refuses an unknown key, missing parameters and a catalog that misses a key", () => {
    const ctx = { request: new Request("http://portal.test/api/x") };
    // @ts-expect-error: there is no such success
    expect(() => success(ctx, "noSuchThing")).toThrow();
    // @ts-expect-error: documentSent needs the site's name
    expect(success(ctx, "documentSent")).toBe("Your document was sent to {site}.");
    const { signedIn: _dropped, ...withoutOne } = CATALOGS.fr.successes;
    // @ts-expect-error: the French catalog without "signedIn" is not a Catalog
    const incomplete: Catalog = { ...CATALOGS.fr, successes: withoutOne };
    expect(Object.keys(incomplete.successes)).not.toContain("signedIn");
  });
});

describe("success answers follow the language cookie", () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it.each([
    ["no cookie", undefined, "Bundle created successfully!", "Bundle deleted successfully!"],
    ["fr", "fr", "Pack créé avec succès !", "Pack supprimé avec succès !"],
    ["ar", "ar", "تم إنشاء الباقة بنجاح!", "تم حذف الباقة بنجاح!"],
  ])("a bundle created and deleted (%s)", async (_case, lng, created, deleted) => {
    const admin = await createAdmin();
    const cookie = withLanguage(admin.cookie, lng);
    const body = { bundlePoin: 120, bundlePPP: 2, bundleDisc: 0, bundleIsActive: true };
    const made = await call("updatebundle", body, { cookie });
    expect([made.status, made.body.message]).toEqual([200, created]);
    const gone = await call("deletebundle", { bundleId: made.body.bundle.bundleId }, { cookie });
    expect([gone.status, gone.body.message]).toEqual([200, deleted]);
  });

  it.each([
    ["no cookie", undefined, "3 coupons generated successfully!"],
    ["fr", "fr", "3 coupons générés avec succès !"],
    ["ar", "ar", "تم توليد 3 قسائم بنجاح!"],
  ])("coupons generated, counted (%s)", async (_case, lng, expected) => {
    const admin = await createAdmin();
    const body = { couponQuota: 5, couponExpired: inDays(10), couponCount: 3 };
    const res = await call("generate-coupons", body, { cookie: withLanguage(admin.cookie, lng) });
    expect([res.status, res.body.message, res.body.codes.length]).toEqual([200, expected, 3]);
  });

  it.each([
    ["no cookie", undefined, "If an account exists for this email, a reset link is on its way.", "Signed out."],
    [
      "fr",
      "fr",
      "Si un compte existe pour cette adresse e-mail, un lien de réinitialisation est en route.",
      "Déconnexion réussie.",
    ],
    ["ar", "ar", "إذا كان هناك حساب بهذا البريد الإلكتروني، فإن رابط إعادة التعيين في طريقه إليه.", "تم تسجيل الخروج."],
  ])("a public call and signing out (%s)", async (_case, lng, forgot, signedOut) => {
    const cookie = lng ? language(lng) : undefined;
    const asked = await call("forgot-password", { email: uniqueEmail("nobody") }, { cookie });
    expect([asked.status, asked.body.message]).toEqual([200, forgot]);
    const admin = await createAdmin();
    const out = await call("logout", {}, { cookie: withLanguage(admin.cookie, lng) });
    expect([out.status, out.body.message]).toEqual([200, signedOut]);
  });

  it("answers English for a language the web app does not write", async () => {
    const admin = await createAdmin();
    const res = await call("logout", {}, { cookie: withLanguage(admin.cookie, "de") });
    expect([res.status, res.body.message]).toEqual([200, "Signed out."]);
  });
});
