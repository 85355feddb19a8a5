import { env } from "cloudflare:workers";
import { inject } from "vitest";
import type { RecordedRequest } from "../support/stripe-stand-in";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from "../support/stripe-events";

/** The Worker's bindings with card payments on, talking to the stand-in of tests/support/stripe-stand-in.ts. */
export const stripeEnv = (): Env => ({
  ...env,
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
  STRIPE_API_BASE: inject("stripeApiBase"),
});

/** The API requests the stand-in recorded for one payment (its creates name the reference; retrieves, a session of it). */
export async function standInRequests(base: string, referenceId: string, sessionIds: string[] = []): Promise<RecordedRequest[]> {
  const all = (await (await fetch(`${base}/__stand-in/requests`)).json()) as RecordedRequest[];
  return all.filter((r) => r.form.client_reference_id === referenceId || sessionIds.some((id) => r.path.endsWith(`/${id}`)));
}
