import type { AppRoute, NavItem } from "../../lib/feature";

/** The style guide shows the product's building blocks: staff only (spec section 6: `manage all`). */
const staffOnly = { action: "manage", subject: "all" } as const;

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
    name: `styleguide${path.replace(/\/:slug$/, "").replace(/\//g, "-")}`,
    title: ({ slug }: Record<string, string>) => `styleguide:page.${slug}.title`,
    page,
    meta: staffOnly,
  })),
  ...NAMED.map((slug) => ({
    path: `/pages/${slug}`,
    name: `styleguide-${slug}`,
    title: `styleguide:page.${slug}.title`,
    page,
    meta: staffOnly,
  })),
];

/** A "Living style guide" menu section: one entry per group, opening its first page (the page lists the rest). */
const GROUPS = [
  ["charts", "chart", "/charts/apex-chart"],
  ["components", "layout", "/components/alert"],
  ["forms", "list", "/forms/autocomplete"],
  ["tables", "items", "/tables/data-table"],
  ["cards", "dashboard", "/pages/cards/card-actions"],
  ["pages", "file", "/pages/typography"],
] as const;

export const nav: NavItem[] = GROUPS.map(([group, icon, to], index) => ({
  title: `styleguide:group.${group}`,
  to,
  icon,
  ...staffOnly,
  section: "styleguide",
  order: 10 * (index + 1),
}));
