/**
 * Deployment settings (Worker vars and secrets) in the shapes domain functions take them: handlers
 * read the env here, and domain code gets the result as an argument (decision 0006).
 */

/** What the web app needs before anyone signs in (app-settings, and the prerendered pages' <meta>). */
export function appSettingsOf(env: Env) {
  return {
    siteName: env.SITE_NAME,
    currency: env.CURRENCY,
    languageSwitcher: env.LANGUAGE_SWITCHER === "true",
    turnstileSiteKey: turnstileOf(env)?.siteKey ?? null,
    termsUrl: termsOf(env)?.url ?? null,
  };
}

/** Where a bank transfer goes (domain/payments/lines.ts `Bank`). */
export function bankOf(env: Env) {
  return { name: env.BANK_NAME, accountName: env.BANK_ACCOUNT_NAME, accountNumber: env.BANK_ACCOUNT_NUMBER, logo: env.BANK_LOGO };
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

/**
 * The tax invoices carry (domain/payments/tax.ts `TaxSettings`): on when TAX_RATE is set to a percent
 * from 0 to 100 ("20", "7.7"); otherwise invoices carry no tax, as before.
 */
export function taxOf(env: Env) {
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
