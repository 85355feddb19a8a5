import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { lazyComponent, tracked, type TrackedPromise } from "../lib/lazyComponent";
import { loadPreload } from "./swrPreload";
import type { AppRoute } from "../lib/feature";

type PageModule = { default: ComponentType };

const loads = new Map<string, TrackedPromise<PageModule>>();
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * Loads a route's page chunk once, whoever asks first (a prefetch or the router); a failed load may
 * be retried. A page with preloaded first calls also waits for SWR's preload, so that whatever it
 * preloads is in place before the page can render and ask for it (app/prefetch.ts).
 */
export function loadPage(route: AppRoute): TrackedPromise<PageModule> {
  let load = loads.get(route.name);
  if (!load) {
    load = tracked(route.preload ? Promise.all([route.page(), loadPreload()]).then(([page]) => page) : route.page());
    loads.set(route.name, load);
    load.catch(() => loads.delete(route.name));
  }
  return load;
}

/**
 * A route's page: at once when its chunk has loaded (prefetched), else through React.lazy (one per
 * route, made once), which suspends until it has (see lazyComponent).
 */
export function RoutePage({ route }: { route: AppRoute }) {
  const load = loadPage(route);
  if (load.status === "fulfilled") {
    const Page = load.value!.default;
    return <Page />;
  }
  let Lazy = lazyPages.get(route.name);
  if (!Lazy) {
    Lazy = lazy(() => loadPage(route));
    lazyPages.set(route.name, Lazy);
  }
  return <Lazy />;
}

/** The default layout's chunk (menus, navbar, customizer, icons), loaded on demand: /login never needs it. */
export const loadDefaultLayout = () => import("../layouts/DefaultLayout");

export const DefaultLayout = lazyComponent(loadDefaultLayout);
