import type { TestProject } from "vitest/node";
import { startServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One seeded `wrangler dev` for the whole end-to-end run. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("baseUrl", server.url);
  return async () => server.stop();
}
