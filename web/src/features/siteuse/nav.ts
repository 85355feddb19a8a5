import type { NavItem } from "../../lib/feature";

/** Reached from a site's "Use this site" link on /portal/site, so it has no menu entry of its own. */
export const nav: NavItem[] = [];
