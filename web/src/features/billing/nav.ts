import type { NavItem } from "../../lib/feature";

export const nav: NavItem[] = [];
