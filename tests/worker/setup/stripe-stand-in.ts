import type { TestProject } from "vitest/node";
import { startStripeStandIn } from "../../support/stripe-stand-in";

declare module "vitest" {
  export interface ProvidedContext {
    stripeApiBase: string;
  }
}

/** One Stripe stand-in on 127.0.0.1 for the worker tests; the Worker reaches it through STRIPE_API_BASE. */
export default async function setup(project: TestProject) {
  const standIn = await startStripeStandIn();
  project.provide("stripeApiBase", standIn.url);
  return () => standIn.stop();
}
