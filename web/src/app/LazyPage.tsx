import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { loadPreload } from "./swrPreload";
import type { AppRoute } from "../lib/feature";

type PageModule = { default: ComponentType };

const loads = new Map<string, Promise<PageModule>>();
const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * Loads a route's page chunk once, whoever asks first (a prefetch or the router); a failed load may
 * be retried. A page with preloaded first calls also waits for SWR's preload, so that whatever it
 * preloads is in place before the page can render and ask for it (app/prefetch.ts).
 */
export function loadPage(route: AppRoute): Promise<PageModule> {
  let load = loads.get(route.name);
  if (!load) {
    load = route.preload ? Promise.all([route.page(), loadPreload()]).then(([page]) => page) : route.page();
    loads.set(route.name, load);
    load.catch(() => loads.delete(route.name));
  }
  return load;
}

/** One React.lazy component per route, made once, so pages keep their state across renders. */
export function lazyPage(route: AppRoute): LazyExoticComponent<ComponentType> {
  let page = pages.get(route.name);
  if (!page) {
    page = lazy(() => loadPage(route));
    pages.set(route.name, page);
  }
  return page;
}
