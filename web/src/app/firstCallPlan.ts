/**
 * The first calls of each route, read at build time (web/prerender.ts, in Node) so that
 * web/preferences.js can send them while the app's code is still on its way (lib/firstCalls.ts):
 * each route's `preload` (and the navbar widgets' for the default layout) is run with an empty query,
 * and the requests its fetchers would send are recorded instead of sent. A preload that asks what the
 * user may do is run once per answer, so each variant names the abilities it holds for.
 */
import { canNavigate } from "./guard";
import { appRoutes, navbarWidgets } from "./registry";
import type { FirstCall, PreloadContext } from "../lib/feature";

/** A request as sent: the call's name and its JSON body, where a `:name` path parameter stands for its value. */
export type PlannedCall = [name: string, body: string];

/** The calls of one set of answers to `can` ("action subject" → whether the user may). */
export interface CallVariant {
  when: Record<string, boolean>;
  calls: PlannedCall[];
}

export interface RouteCalls {
  /** The route's pattern: literal segments and `:name` parameters. */
  path: string;
  /** Opened without signing in (else only a signed-in reader's browser sends them). */
  public?: true;
  variants: CallVariant[];
}

export interface FirstCallPlan {
  /** The default layout's (its navbar widgets'), on a signed-in reader's first page in it. */
  layout: CallVariant[];
  routes: RouteCalls[];
}

/** A parameter's stand-in in a body: preferences.js puts the address's segment there (JSON-escaped). */
const standIn = (name: string) => `:${name}`;

/** A pattern preferences.js can match: literal segments and `:name` parameters. */
const plainPattern = (pattern: string) => /^(\/(:[A-Za-z]\w*|[\w.-]+))+$/.test(pattern);

/** The requests `calls`' fetchers send, recorded with `fetch` replaced (nothing leaves the process). */
async function requestsOf(calls: FirstCall[]): Promise<PlannedCall[]> {
  const sent: PlannedCall[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const name = /^\/api\/([\w-]+)$/.exec(url)?.[1];
    if (name && typeof init?.body === "string") sent.push([name, init.body]);
    return Promise.reject(new Error("recorded, not sent"));
  }) as typeof fetch;
  try {
    // One at a time, so that a fetcher's request is recorded before the next one starts.
    for (const call of calls) await call.fetch().catch(() => undefined);
  } finally {
    globalThis.fetch = realFetch;
  }
  return sent;
}

/**
 * Every variant of `preload`: run with every ability it asks about denied, then again with each one it
 * asked granted in turn (the answers before it kept), until no run asks anything new.
 */
async function variantsOf(
  preload: (at: PreloadContext) => FirstCall[],
  params: Record<string, string>,
  required: Record<string, boolean>,
): Promise<CallVariant[]> {
  const variants: CallVariant[] = [];
  const tried = new Set<string>();
  const queue: Record<string, boolean>[] = [{}];
  while (queue.length > 0 && variants.length < 16) {
    const given = queue.shift()!;
    const when: Record<string, boolean> = { ...required };
    const can = (action: string, subject: string) => {
      const ability = `${action} ${subject}`;
      when[ability] ??= given[ability] ?? false;
      return when[ability];
    };
    const calls = await requestsOf(preload({ params, search: new URLSearchParams(), can }));
    if (calls.length > 0) variants.push({ when, calls });
    for (const [ability, granted] of Object.entries(when)) {
      if (granted || ability in required) continue;
      const next = { ...when, [ability]: true };
      const id = JSON.stringify(Object.entries(next).sort());
      if (!tried.has(id)) {
        tried.add(id);
        queue.push(next);
      }
    }
  }
  return variants;
}

export async function firstCallPlan(): Promise<FirstCallPlan> {
  const routes: RouteCalls[] = [];
  for (const route of appRoutes) {
    if (!route.preload || !plainPattern(route.path)) continue;
    const params = Object.fromEntries(
      route.path
        .split("/")
        .filter((segment) => segment.startsWith(":"))
        .map((segment) => [segment.slice(1), standIn(segment.slice(1))]),
    );
    // The guard's own check (guard.ts): who may not open the route sends nothing.
    const required: Record<string, boolean> = {};
    if (!route.meta?.public) canNavigate(route.meta, (action, subject) => (required[`${action} ${subject}`] = true));
    const variants = await variantsOf(route.preload, params, required);
    if (variants.length > 0)
      routes.push({ path: route.path, ...(route.meta?.public ? { public: true as const } : {}), variants });
  }
  // Literal paths first, as preferences.js takes the first route that matches: /payment/payment before /payment/:referenceId.
  routes.sort((a, b) => Number(a.path.includes(":")) - Number(b.path.includes(":")));
  const widgets = (at: PreloadContext) => navbarWidgets.flatMap((widget) => widget.preload?.(at) ?? []);
  return { layout: await variantsOf(widgets, {}, {}), routes };
}
