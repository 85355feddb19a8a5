import type { TestProject } from "vitest/node";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from "../support/stripe-events";
import { startStripeStandIn } from "../support/stripe-stand-in";
import { startServer } from "../support/server";
import { E2E_SUPPORT_MAIL_SECRET } from "../support/support-mail";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stripeStandInUrl: string;
  }
}

/**
 * One seeded `wrangler dev` for the whole end-to-end run, with card payments on against the local Stripe
 * stand-in: its Checkout page's "Pay" sends the signed event to the server's webhook a moment after the
 * payer is back, as Stripe's deliveries lag the redirect.
 */
export default async function setup(project: TestProject) {
  const stripe = await startStripeStandIn();
  const server = await startServer({
    extraArgs: [
      "--var",
      `STRIPE_SECRET_KEY:${STAND_IN_SECRET_KEY}`,
      "--var",
      `STRIPE_WEBHOOK_SECRET:${STAND_IN_WEBHOOK_SECRET}`,
      "--var",
      `STRIPE_API_BASE:${stripe.url}`,
      "--var",
      `SUPPORT_MAIL_SECRET:${E2E_SUPPORT_MAIL_SECRET}`,
    ],
  }).catch(async (error: unknown) => {
    await stripe.stop();
    throw error;
  });
  stripe.deliverTo(`${server.url}/api/stripe-webhook`, { delayMs: 1500 });
  project.provide("baseUrl", server.url);
  project.provide("stripeStandInUrl", stripe.url);
  return async () => {
    await server.stop();
    await stripe.stop();
  };
}
