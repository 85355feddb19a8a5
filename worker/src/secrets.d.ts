// Worker secrets (`wrangler secret put`, `.dev.vars` locally). Declared here because `wrangler types`
// sees them only when a .dev.vars file exists.
declare namespace Cloudflare {
  interface Env {
    SESSION_PEPPER: string;
    VENDOR_SECRET_KEYS: string;
    WEBHOOK_SECRET: string;
    MAIL_API_KEY: string;
    /** Card payments (Stripe Checkout): both set, or card payments are off. */
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    /** Cloudflare Turnstile's secret key: with the TURNSTILE_SITE_KEY var, sign-in abuse asks for a Turnstile token. */
    TURNSTILE_SECRET_KEY?: string;
    /** Signs each ticket's support address (decision 0030); unset, reply mails name no Reply-To and mail-in refuses all. */
    SUPPORT_MAIL_SECRET?: string;
  }
}
