import type { TestProject } from "vitest/node";
import { startTurnstileStandIn } from "../../support/turnstile-stand-in";

declare module "vitest" {
  export interface ProvidedContext {
    turnstileApiBase: string;
  }
}

/** One Turnstile siteverify stand-in on 127.0.0.1 for the worker tests (TURNSTILE_API_BASE). */
export default async function setup(project: TestProject) {
  const standIn = await startTurnstileStandIn();
  project.provide("turnstileApiBase", standIn.url);
  return () => standIn.stop();
}
