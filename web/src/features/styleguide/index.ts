import type { AppRoute, NavItem } from "../../lib/feature";
import { CATALOGUE, PAGES, type Group } from "./catalogue";

/** The style guide shows the product's building blocks: staff only (spec section 6: `manage all`). */
const staffOnly = { action: "manage", subject: "all" } as const;

/** One page module for every style-guide route: it finds its entry in the registry by the address. */
const page = () => import("./pages/StyleGuidePage");

export const routes: AppRoute[] = PAGES.map(({ slug, path }) => ({
  path,
  name: `styleguide-${slug}`,
  title: `styleguide:page.${slug}.title`,
  page,
  meta: staffOnly,
}));

const GROUP_ICONS: Record<Group, string> = {
  charts: "chart",
  components: "layout",
  forms: "list",
  tables: "items",
  cards: "dashboard",
  pages: "file",
};

/** A "Style guide" menu section: one group per kind of component, one link per page. */
export const nav: NavItem[] = (Object.keys(CATALOGUE) as Group[]).map((group, index) => ({
  title: `styleguide:group.${group}`,
  icon: GROUP_ICONS[group],
  ...staffOnly,
  section: "styleguide",
  order: 10 * (index + 1),
  children: PAGES.filter((entry) => entry.group === group).map(({ slug, path }, position) => ({
    title: `styleguide:page.${slug}.title`,
    to: path,
    ...staffOnly,
    section: "styleguide",
    order: position,
  })),
}));
