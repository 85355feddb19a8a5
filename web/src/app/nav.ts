import type { NavItem } from "./types";

/** Whether a menu item shows: its action on its subject is allowed, or any child's is (spec section 6). */
export function isNavVisible(item: NavItem, can: (action: string, subject: string) => boolean): boolean {
  if (item.children?.length) return item.children.some((child) => isNavVisible(child, can));
  return can(item.action ?? "manage", item.subject ?? "all");
}

/** The menu for a user: hidden items removed, each level ordered. */
export function visibleNav(items: NavItem[], can: (action: string, subject: string) => boolean): NavItem[] {
  return items
    .filter((item) => isNavVisible(item, can))
    .map((item) => (item.children ? { ...item, children: visibleNav(item.children, can) } : item))
    .sort((a, b) => a.order - b.order);
}
