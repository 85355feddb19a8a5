import { badRequest, HttpError } from "../errors";

/**
 * Cloudflare Turnstile, checked server side (siteverify). On only when the operator sets both the site
 * key (a var the web app shows the widget with) and the secret; tests point `apiBase` at a stand-in.
 */
export interface TurnstileConfig {
  siteKey: string;
  secretKey: string;
  apiBase: string;
}

const SITEVERIFY_TIMEOUT_MS = 5000;

/**
 * Throws unless `token` is a Turnstile token siteverify accepts: 400 `turnstile_required` without one,
 * 400 `turnstile_failed` when refused, 503 `turnstile_unavailable` when siteverify cannot be asked
 * (the check fails closed: no answer is not a pass).
 */
export async function requireHuman(config: TurnstileConfig, token: string | undefined, ip: string): Promise<void> {
  if (!token) throw badRequest("humanCheckRequired", "turnstile_required", "turnstileToken");
  let outcome: { success?: unknown };
  try {
    const response = await fetch(`${config.apiBase}/turnstile/v0/siteverify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ secret: config.secretKey, response: token, ...(ip ? { remoteip: ip } : {}) }),
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    outcome = await response.json();
  } catch {
    throw new HttpError(503, "turnstile_unavailable", "humanCheckUnavailable");
  }
  if (outcome.success !== true) throw badRequest("humanCheckFailed", "turnstile_failed", "turnstileToken");
}
