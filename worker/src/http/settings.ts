/**
 * Deployment settings (Worker vars and secrets) in the shapes domain functions take them: handlers
 * read the env here, and domain code gets the result as an argument (decision 0006).
 */

/** Where a bank transfer goes (domain/commerce/lines.ts `Bank`). */
export function bankOf(env: Env) {
  return { name: env.BANK_NAME, accountName: env.BANK_ACCOUNT_NAME, accountNumber: env.BANK_ACCOUNT_NUMBER, logo: env.BANK_LOGO };
}

export const STRIPE_API = "https://api.stripe.com";

/**
 * Card payments (domain/commerce/stripe.ts `StripeConfig`), on only when both secrets are set: a
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
