import i18n from "i18next";
import { LAYOUT_NAMESPACE } from "../i18n";
import { loadNavTexts, loadPage } from "./LazyPage";
import { loadOnce } from "../lib/lazyComponent";
import { showFirstRouteWhenReady } from "./firstRoute";
import { navbarWidgets } from "./registry";
import { loadAppSettings } from "../providers/settings";
import { loadedPreload, loadPreload } from "./swrPreload";
import type { FirstCall, PreloadContext } from "../lib/feature";
import type { RegisteredRoute } from "./types";

/**
 * How long a preloaded answer stays good for the page that reads it. A page that asks later (the
 * user hovered a link, then stayed) gets a new answer, never a stale one.
 */
export const PRELOAD_MAX_AGE_MS = 10_000;

/** A preloaded answer: read at most once by SWR, refetched when it is older than its maximum age then. */
export interface FreshAnswer<T> extends PromiseLike<T> {
  /** Whether SWR has read it (its preload slot is free again). */
  readonly read: boolean;
}

/** Rejections are handled by whoever reads the answer; nobody reading it must not raise an error. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** Starts `fetch` now and hands its answer to the first reader, or a new one if it aged past `maxAgeMs`. */
export function freshAnswer<T>(fetch: () => Promise<T>, maxAgeMs: number): FreshAnswer<T> {
  let fetchedAt = Date.now();
  let answer = quiet(fetch());
  let read = false;
  return {
    get read() {
      return read;
    },
    then(onFulfilled, onRejected) {
      read = true;
      if (Date.now() - fetchedAt > maxAgeMs) {
        fetchedAt = Date.now();
        answer = quiet(fetch());
      }
      return answer.then(onFulfilled, onRejected);
    },
  };
}

/** Answers started here and not yet read by a page, by SWR key. */
const started = new Map<string, FreshAnswer<unknown>>();

/**
 * Starts a page's first call and hands it to SWR's preload, which gives it to the page's useSWR of
 * the same key instead of a second request. Nothing starts while an earlier answer for the key is
 * still waiting for its page.
 */
export function preloadCall(call: FirstCall) {
  const id = JSON.stringify(call.key);
  if (started.get(id)?.read === false) return;
  const answer = freshAnswer(call.fetch, PRELOAD_MAX_AGE_MS);
  started.set(id, answer);
  // At once when SWR is loaded (a loaded page reads its key as soon as it renders); else as soon
  // as it is, which is before the page can render (LazyPage's loadPage waits for it too).
  const preload = loadedPreload();
  if (preload) preload(call.key, () => answer);
  else
    void loadPreload().then((load) => {
      load(call.key, () => answer);
    });
}

/**
 * Starts what a route needs to show: its chunk, its feature's translations, its first calls and,
 * in the default layout, the menu's translations. Callers pass only routes the user may open.
 */
export function prefetchRoute(route: RegisteredRoute, at: PreloadContext) {
  // The calls first: their SWR registration must come before the page's chunk can resolve.
  for (const call of route.preload?.(at) ?? []) preloadCall(call);
  loadPage(route).catch(() => undefined);
  const inLayout = route.meta?.layout !== "blank";
  void i18n.loadNamespaces(inLayout ? [route.ns, LAYOUT_NAMESPACE] : [route.ns]);
  if (inLayout) loadNavTexts().catch(() => undefined);
}

/** The route whose first calls were started last: a page reloading its own data needs no start. */
let current: string | null = null;

/**
 * Starts a route when the app arrives on it (first load, link, redirect, back button), in parallel
 * with its chunk instead of after it, with the deployment's settings (once per page load). Moving
 * within the same route (another page of a list) starts nothing: the mounted page asks for what it needs.
 */
export function startRoute(route: RegisteredRoute, at: PreloadContext) {
  if (current === route.name) return;
  const first = current === null;
  current = route.name;
  // The first page of the app in the default layout: the navbar's widgets and their calls start now
  // too, not once the layout has loaded and rendered them.
  if (first && route.meta?.layout !== "blank" && !route.meta?.public) startWidgets(at);
  // The route's first calls before the settings: over HTTP/1.1 the browser sends requests in line on
  // six connections, and the page waits for its calls, not for the settings (nothing waits for them).
  prefetchRoute(route, at);
  if (first) showFirstRouteWhenReady(route);
  void loadAppSettings();
}

function startWidgets(at: PreloadContext) {
  for (const widget of navbarWidgets) {
    for (const call of widget.preload?.(at) ?? []) preloadCall(call);
    loadOnce(widget.component).catch(() => undefined);
  }
}

/** Forgets the route started last (the app unmounted: a new one starts its first route again). */
export function forgetStartedRoute() {
  current = null;
}
