import i18n from "i18next";
import type { ComponentType } from "react";
import { lazyComponent, tracked, type TrackedPromise } from "../lib/lazyComponent";
import { loadPreload } from "./swrPreload";
import type { RegisteredRoute } from "./types";

type PageModule = { default: ComponentType };

const loads = new Map<string, TrackedPromise<PageModule>>();

/**
 * Loads a route's page chunk once, whoever asks first (a prefetch or the router); a failed load may
 * be retried. A page with preloaded first calls also waits for SWR's preload, so that whatever it
 * preloads is in place before the page can render and ask for it (app/prefetch.ts).
 */
export function loadPage(route: RegisteredRoute): TrackedPromise<PageModule> {
  let load = loads.get(route.name);
  if (!load) {
    load = tracked(route.preload ? Promise.all([route.page(), loadPreload()]).then(([page]) => page) : route.page());
    loads.set(route.name, load);
    load.catch(() => loads.delete(route.name));
  }
  return load;
}

const pages = new Map<string, ComponentType>();

/** A route's page, made once per route (so it keeps its state): at once when its chunk has loaded, else suspended until it has. */
export function RoutePage({ route }: { route: RegisteredRoute }) {
  let Page = pages.get(route.name);
  if (!Page) {
    Page = lazyComponent(() => loadPage(route));
    pages.set(route.name, Page);
  }
  return <Page />;
}

/** The default layout's chunk (menus, navbar, customizer, icons), loaded on demand: /login never needs it. */
export const loadDefaultLayout = () => import("./layouts/DefaultLayout");

export const DefaultLayout = lazyComponent(loadDefaultLayout);

/** The menu's translations, asked with the layout (the menu entries come with its chunk: navRegistry.ts). */
export const loadNavTexts = () => import("./navRegistry").then((m) => i18n.loadNamespaces(m.NAV_NAMESPACES));
