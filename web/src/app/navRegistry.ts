import type { NavItem } from "../lib/feature";
import { navNamespaces } from "./nav";

/**
 * Every feature's menu entries, collected from web/src/features/<folder>/nav.ts. Apart from the route table
 * (registry.ts): only the default layout shows a menu, so /login's first load carries none of it
 * (its budget, decision 0002); the layout's chunk brings it.
 */
export const navItems: NavItem[] = Object.values(
  import.meta.glob<{ nav: NavItem[] }>("../features/*/nav.ts", { eager: true }),
).flatMap((module) => module.nav);

/** The translations the menu needs. */
export const NAV_NAMESPACES = navNamespaces(navItems);
