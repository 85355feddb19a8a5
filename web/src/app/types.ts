import type { AppRoute } from "../lib/feature";

/** A route of the table with the i18n namespace of its feature (registry.ts adds it). */
export interface RegisteredRoute extends AppRoute {
  name: string;
  ns: string;
}

/** A redirect of the route table. `to` may depend on the signed-in role. */
export interface AppRedirect {
  path: string;
  to: string | ((ctx: { role: string | null; search: string; params: Record<string, string> }) => string);
}
