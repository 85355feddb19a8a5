import type { NavItem, NavSection } from "../lib/feature";

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

/** The order of menu sections (the NavSection type), each shown under its heading. */
export const NAV_SECTIONS: readonly NavSection[] = ["dashboards", "portal", "commerce", "apps", "admin", "pages", "styleguide"];

export interface NavGroup {
  section: NavSection;
  items: NavItem[];
}

/** The visible menu grouped by section, sections in NAV_SECTIONS order, empty sections left out. */
export function navGroups(items: NavItem[], can: (action: string, subject: string) => boolean): NavGroup[] {
  const visible = visibleNav(items, can);
  return NAV_SECTIONS.map((section) => ({ section, items: visible.filter((item) => item.section === section) })).filter(
    (group) => group.items.length > 0,
  );
}

/** Whether an item or one of its children links to the active path (open its group). */
export function containsActive(item: NavItem, active: string): boolean {
  if (item.to && (active === item.to || active.startsWith(`${item.to}/`))) return true;
  return item.children?.some((child) => containsActive(child, active)) ?? false;
}

/** The i18n namespaces the menu's titles live in ("dashboard:crm" → "dashboard"), loaded with the layout. */
export function navNamespaces(items: NavItem[]): string[] {
  const out = new Set<string>(["common"]);
  const walk = (list: NavItem[]) =>
    list.forEach((item) => {
      if (item.title.includes(":")) out.add(item.title.split(":")[0]!);
      if (item.children) walk(item.children);
    });
  walk(items);
  return [...out];
}
