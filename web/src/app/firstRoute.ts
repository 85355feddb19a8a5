import i18n from "i18next";
import { LAYOUT_NAMESPACE } from "../i18n";
import { useSyncExternalStore } from "react";
import { loadOnce } from "../lib/lazyComponent";
import { loadDefaultLayout, loadNavTexts, loadPage } from "./LazyPage";
import { navbarWidgets } from "./registry";
import type { RegisteredRoute } from "./types";

/**
 * The app's first page is shown whole, once its layout, chunk, widgets and translations have loaded,
 * instead of through Suspense fallbacks: React holds back each reveal until 300 ms after the last
 * fallback was shown or hidden, so a layout spinner, then the layout with a page spinner, then the
 * page took 600 ms longer than the files did. Meanwhile the router shows a spinner that is no fallback.
 * On a first load the boot script has asked for the layout and translations with the app, and the
 * route starts its page as soon as the app runs (prefetch.ts).
 */

/** How long the first page may wait for its files before the app renders what it has (with fallbacks). */
export const FIRST_ROUTE_WAIT_MS = 1_000;

let holding = false;
let started = false;
const listeners = new Set<() => void>();

function release() {
  if (!holding) return;
  holding = false;
  listeners.forEach((listener) => listener());
}

/**
 * main.tsx, before rendering a page that was not prerendered: the router shows a spinner until the
 * first route is ready (showFirstRouteWhenReady) or FIRST_ROUTE_WAIT_MS have passed. A hydrated page
 * is never held: its HTML is already there.
 */
export function holdFirstRoute() {
  holding = true;
  started = false;
  setTimeout(release, FIRST_ROUTE_WAIT_MS);
}

/** Everything a route's first render would otherwise suspend for: its page, layout, widgets and translations. */
function routeReady(route: RegisteredRoute): Promise<unknown> {
  const inLayout = route.meta?.layout !== "blank";
  const namespaces = ["common", route.ns, ...(inLayout ? [LAYOUT_NAMESPACE] : [])];
  return Promise.all([
    loadPage(route),
    i18n.loadNamespaces(namespaces),
    ...(inLayout ? [loadNavTexts()] : []),
    ...(inLayout ? [loadOnce(loadDefaultLayout)] : []),
    ...(inLayout && !route.meta?.public ? navbarWidgets.map((widget) => loadOnce(widget.component)) : []),
  ]);
}

/** The router's first route (app/prefetch.ts startRoute): shown once what it needs has loaded, or failed to. */
export function showFirstRouteWhenReady(route: RegisteredRoute) {
  if (!holding || started) return;
  started = true;
  routeReady(route).then(release, release);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the first route is still held (the router shows its spinner). */
export const useFirstRouteHeld = () =>
  useSyncExternalStore(
    subscribe,
    () => holding,
    () => false,
  );
