import type { ComponentType } from "react";

/*
 * What a feature declares to the shell from its index.ts: routes, menu entries and navbar widgets.
 * app/registry.ts collects every feature's; features import these types, never app/.
 */

export type LayoutName = "default" | "blank";

/** Route meta (spec section 6). A route without action/subject needs `manage all`. */
export interface RouteMeta {
  layout?: LayoutName;
  public?: boolean;
  unauthenticatedOnly?: boolean;
  /** Where a visitor who is not signed in goes instead of the sign-in page: the same content, public. */
  visitorPath?: string;
  action?: string;
  subject?: string;
  /** The menu link kept active while on this route (tabs of one page). */
  navActiveLink?: string;
  /** Content fills the viewport height (no page scroll). */
  fixedHeight?: boolean;
}

/** One call a page makes first: its SWR key and fetcher, exactly as the page's own hook has them. */
export interface FirstCall {
  key: readonly unknown[] | string;
  fetch: () => Promise<unknown>;
}

/** What a route's preload sees: the target's path parameters and query, and what the user may do. */
export interface PreloadContext {
  params: Record<string, string>;
  search: URLSearchParams;
  can: (action: string, subject: string) => boolean;
}

/** One entry of the route table: loaded on demand. */
export interface AppRoute {
  path: string;
  /** What the router keys the page by; the path's words when absent ("/payment/:referenceId": "payment-reference-id"). */
  name?: string;
  page: () => Promise<{ default: ComponentType }>;
  meta?: RouteMeta;
  /**
   * The page's title as an i18n key ("namespace:key"), or a function of the path's parameters answering
   * one: the browser's tab reads "<title> · <site name>" in the reader's language.
   */
  title: PageText;
  /** A public page's summary for search engines and link previews (meta description), as `title`. */
  description?: PageText;
  /**
   * A public page rendered to HTML per language when the app is built (web/prerender.ts), so it paints
   * before any script runs: `true`, or for a path with parameters the paths to render.
   */
  prerender?: true | string[];
  /**
   * The page's first data calls, started with its chunk when the user navigates there or shows the
   * intent to (app/prefetch.ts), so the page finds them under way instead of asking after it loads.
   */
  preload?: (at: PreloadContext) => FirstCall[];
}

/** An i18n key ("namespace:key"), or the key for a path's parameters. */
export type PageText = string | ((params: Record<string, string>) => string);

/** Sections of the menu, in order. */
export type NavSection = "dashboards" | "portal" | "commerce" | "apps" | "admin" | "pages" | "styleguide";

/** One menu entry; `title` is an i18n key ("namespace:key"). */
export interface NavItem {
  title: string;
  to?: string;
  icon?: string;
  action?: string;
  subject?: string;
  children?: NavItem[];
  section: NavSection;
  order: number;
}

/**
 * A widget a feature puts into the navbar (say, a cart badge): loaded on demand with the default
 * layout, shown in ascending `order`. Export `navbarWidgets: NavbarWidget[]` from the feature's index.ts.
 */
export interface NavbarWidget {
  name: string;
  order: number;
  component: () => Promise<{ default: ComponentType }>;
  /** The widget's first calls, started with the first page of the default layout (app/prefetch.ts). */
  preload?: (at: PreloadContext) => FirstCall[];
}
