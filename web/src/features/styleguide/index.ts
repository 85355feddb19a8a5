import type { AppRoute } from "../../lib/feature";

/** The style guide shows the product's building blocks: staff only (spec section 6: `manage all`). */
export const staffOnly = { action: "manage", subject: "all" } as const;

/** One page module for every style-guide route: it finds its entry in the registry by the address. */
const page = () => import("./pages/StyleGuidePage");

/**
 * Its addresses: one route per group, whose `:slug` names the page (catalogue.ts lists them; the page says
 * when a slug is unknown), and the three pages under /pages/ by name, where other features have pages too.
 * Only these patterns are in the route table that every page loads first (/login's budget, decision 0002);
 * the slugs load with the page.
 */
const PATTERNS = ["/charts/:slug", "/components/:slug", "/forms/:slug", "/tables/:slug", "/pages/cards/:slug"];
const NAMED = ["typography", "icons", "dialog-examples"];

export const routes: AppRoute[] = [
  ...PATTERNS.map((path) => ({
    path,
    title: ({ slug }: Record<string, string>) => `styleguide:page.${slug}.title`,
    page,
    meta: staffOnly,
  })),
  ...NAMED.map((slug) => ({
    path: `/pages/${slug}`,
    title: `styleguide:page.${slug}.title`,
    page,
    meta: staffOnly,
  })),
];
