import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { AppRoute } from "./types";

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** One React.lazy component per route, made once, so pages keep their state across renders. */
export function lazyPage(route: AppRoute): LazyExoticComponent<ComponentType> {
  let page = cache.get(route.name);
  if (!page) {
    page = lazy(route.page);
    cache.set(route.name, page);
  }
  return page;
}
