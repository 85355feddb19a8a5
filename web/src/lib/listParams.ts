import { api } from "./api";

/** A list's parameters as the page keeps them in the URL: `page`, `limit` and the page's own filters. */
export type ListDefaults = Record<string, string | number> & { limit: number };

/** A list's parameter name in the URL: with scope "item", `page` is `itemPage` (two lists on one page). */
export const scoped = (scope: string | undefined, key: string) => (scope ? scope + key[0]!.toUpperCase() + key.slice(1) : key);

/**
 * The parameters of a list from the URL's query (or a component's own): every parameter the page names
 * in `defaults` (and `page`, 1 by default), under the list's scope, numbers parsed where the default is
 * a number. Free of React and SWR, so a route can compute its list's first call before the page is
 * loaded (app/prefetch.ts).
 */
export function listParamsFrom<D extends ListDefaults>(
  defaults: D,
  searchParams: URLSearchParams,
  scope?: string,
): D & { page: number } {
  const out: Record<string, string | number> = { page: 1, ...defaults };
  for (const [key, fallback] of Object.entries(out)) {
    const raw = searchParams.get(scoped(scope, key));
    if (raw === null) continue;
    out[key] = typeof fallback === "number" ? Number(raw) || fallback : raw;
  }
  return out as D & { page: number };
}

/** The SWR key of a list call with its body and revision: useList's, and what a route preloads. */
export const listKey = (call: string, body: object, revision?: number) => [call, body, revision] as const;

/** Calls a list by name with its body as read from the URL (any string in a filter: the server validates). */
const callList = api as (name: string, body: object) => Promise<unknown>;

/** Fetches a list call (the fetcher of `listKey`). */
export const fetchList = ([call, body]: ReturnType<typeof listKey>) => callList(call, body);
