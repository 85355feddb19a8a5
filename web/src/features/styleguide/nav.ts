import type { NavItem } from "../../lib/feature";
import { staffOnly } from "./index";

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
