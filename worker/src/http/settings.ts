import type { StoreSettings } from "../contract/storesettings";

/**
 * Deployment settings (Worker vars and secrets) in the shapes domain functions take them: handlers
 * read the env here, and domain code gets the result as an argument (decision 0006).
 */

/**
 * What the web app needs before anyone signs in (app-settings, and the prerendered pages' <meta>): the
 * site's name and the language switcher come from the store settings in force (`store`).
 */
export function appSettingsOf(env: Env, store: { siteName: string; languageSwitcher: boolean }) {
  return {
    siteName: store.siteName,
    currency: env.CURRENCY,
    languageSwitcher: store.languageSwitcher,
    turnstileSiteKey: turnstileOf(env)?.siteKey ?? null,
    termsUrl: termsOf(env)?.url ?? null,
  };
}

/** A var as a whole number from `min` to `max`, else `fallback`. */
function wholeNumber(value: string | undefined, min: number, max: number, fallback: number): number {
  const text = value?.trim() ?? "";
  const n = Number(text);
  return text && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/**
 * The store settings' defaults, from wrangler.toml's vars: what is in force until an admin saves a
 * value in D1 (domain/storesettings `loadStoreSettings`, docs/decisions/0019-store-settings.md).
 */
export function storeDefaultsOf(env: Env): StoreSettings {
  const tax = taxOf(env);
  return {
    siteName: env.SITE_NAME,
    bankName: env.BANK_NAME,
    bankAccountName: env.BANK_ACCOUNT_NAME,
    bankAccountNumber: env.BANK_ACCOUNT_NUMBER,
    bankLogo: env.BANK_LOGO,
    paymentExpiryHours: wholeNumber(env.PAYMENT_EXPIRY_HOURS, 1, 720, 24),
    languageSwitcher: env.LANGUAGE_SWITCHER === "true",
    sellerLegalName: env.SELLER_LEGAL_NAME?.trim() ?? "",
    sellerAddress: sellerOf(env).address.join("\n"),
    sellerCountry: env.SELLER_COUNTRY?.trim().toUpperCase() ?? "",
    sellerTaxId: env.SELLER_TAX_ID?.trim() ?? "",
    taxName: env.TAX_NAME?.trim() ?? "",
    taxRate: tax ? tax.rateBp / 100 : null,
    taxInclusive: env.TAX_INCLUSIVE?.trim() === "true",
    referralRewardPoints: wholeNumber(env.REFERRAL_REWARD_POINTS, 0, 1_000_000, 0),
    referralNewClientPoints: wholeNumber(env.REFERRAL_NEW_CLIENT_POINTS, 0, 1_000_000, 0),
  };
}

export const STRIPE_API = "https://api.stripe.com";

/**
 * Card payments (domain/stripe/stripe.ts `StripeConfig`), on only when both secrets are set: a
 * session whose events cannot be verified would never settle. Tests point STRIPE_API_BASE at a stand-in.
 */
export function stripeOf(env: Env) {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  return { secretKey, webhookSecret, apiBase: (env.STRIPE_API_BASE?.trim() || STRIPE_API).replace(/\/+$/, "") };
}

export const TURNSTILE_API = "https://challenges.cloudflare.com";

/**
 * Cloudflare Turnstile (auth/turnstile.ts `TurnstileConfig`), on only when the site key (a var) and the
 * secret are both set. Tests point TURNSTILE_API_BASE at a stand-in.
 */
export function turnstileOf(env: Env) {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim();
  const secretKey = env.TURNSTILE_SECRET_KEY?.trim();
  if (!siteKey || !secretKey) return null;
  return { siteKey, secretKey, apiBase: (env.TURNSTILE_API_BASE?.trim() || TURNSTILE_API).replace(/\/+$/, "") };
}

/** The vars' tax: on when TAX_RATE is a percent from 0 to 100 ("20", "7.7"); otherwise no tax, as before. */
function taxOf(env: Env) {
  const rate = env.TAX_RATE?.trim();
  if (!rate) return null;
  const percent = Number(rate);
  if (!Number.isFinite(percent) || percent < 0 || percent >= 100) {
    console.error(`TAX_RATE "${rate}" is not a percent from 0 to 100: invoices carry no tax`);
    return null;
  }
  return {
    name: env.TAX_NAME?.trim() || "VAT",
    rateBp: Math.round(percent * 100),
    inclusive: env.TAX_INCLUSIVE?.trim() === "true",
    sellerCountry: env.SELLER_COUNTRY?.trim().toUpperCase() ?? "",
  };
}

/** The seller's party on invoices and credit notes (address lines are separated by "\n" in the var). */
export function sellerOf(env: Env) {
  return {
    legalName: env.SELLER_LEGAL_NAME?.trim() || env.SITE_NAME,
    address: (env.SELLER_ADDRESS ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    country: env.SELLER_COUNTRY?.trim().toUpperCase() ?? "",
    taxId: env.SELLER_TAX_ID?.trim() ?? "",
  };
}

/** What invoice and credit-note PDFs need of the settings (domain/invoices/pdf.ts `PdfSettings`). */
export function pdfSettingsOf(env: Env) {
  return { siteName: env.SITE_NAME, seller: sellerOf(env) };
}

/**
 * The terms a new client accepts (TERMS_URL, TERMS_VERSION), or null when the operator published none.
 * Without a version, the address itself names what was accepted.
 */
export function termsOf(env: Env): { url: string; version: string } | null {
  const url = env.TERMS_URL?.trim();
  if (!url) return null;
  return { url, version: env.TERMS_VERSION?.trim() || url };
}

/** The mail API (domain/outbox/delivery.ts `MailSettings`). */
export function mailSettingsOf(env: Env) {
  return { MAIL_API_URL: env.MAIL_API_URL, MAIL_API_KEY: env.MAIL_API_KEY, MAIL_FROM: env.MAIL_FROM };
}

/** The mail queue (domain/outbox/dispatch.ts `MailQueue`): mail is handed to it only when an API is configured. */
export function mailQueueOf(env: Env) {
  return { queue: env.MAIL_QUEUE, configured: Boolean(env.MAIL_API_URL && env.MAIL_API_KEY) };
}

/** The deployment as the cron's mails name it: links point at SITE_URL (no request to take an origin from). */
export function cronPortalOf(env: Env) {
  return { siteName: env.SITE_NAME, origin: (env.SITE_URL?.trim() || "http://localhost:8787").replace(/\/+$/, "") };
}

/** Support mail (domain/support/notices.ts `SupportMail`): the signing secret and the support address's domain. */
export function supportMailOf(env: Env) {
  return { secret: env.SUPPORT_MAIL_SECRET ?? "", domain: env.SUPPORT_MAIL_DOMAIN.trim() };
}
