import { describe, expect, it } from "vitest";
import { containsActive, isNavVisible, navGroups, navNamespaces, visibleNav } from "../../web/src/app/nav";
import type { NavItem } from "../../web/src/lib/feature";

const can = (allowed: string[]) => (action: string, subject: string) => allowed.includes(`${action} ${subject}`);

const items: NavItem[] = [
  { title: "admin:users", to: "/portal/user", action: "read", subject: "User", section: "admin", order: 10 },
  {
    title: "portal:shop",
    section: "portal",
    order: 20,
    children: [
      { title: "portal:items", to: "/portal/item", action: "read", subject: "Item", section: "portal", order: 2 },
      { title: "portal:settings", to: "/portal/itemSetting", action: "manage", subject: "Item", section: "portal", order: 1 },
    ],
  },
  { title: "portal:quota", to: "/portal/quota", action: "read", subject: "Quota", section: "portal", order: 10 },
  { title: "dashboard:home", to: "/portal/dashboard", action: "read", subject: "Portal", section: "dashboards", order: 5 },
  { title: "common:everything", to: "/apps/roles", section: "pages", order: 1 },
];

describe("menu filtering (spec section 6)", () => {
  it("shows an item when its action on its subject is allowed", () => {
    expect(isNavVisible(items[0]!, can(["read User"]))).toBe(true);
    expect(isNavVisible(items[0]!, can(["read Item"]))).toBe(false);
  });

  it("shows a parent when any child is allowed, and keeps only the allowed children", () => {
    const shown = visibleNav(items, can(["read Item"]));
    expect(shown.map((i) => i.title)).toEqual(["portal:shop"]);
    expect(shown[0]!.children!.map((c) => c.title)).toEqual(["portal:items"]);
    expect(visibleNav(items, can([])).length).toBe(0);
  });

  it("treats an item without action and subject as needing manage all", () => {
    expect(isNavVisible(items[4]!, can(["read Portal"]))).toBe(false);
    expect(isNavVisible(items[4]!, can(["manage all"]))).toBe(true);
  });

  it("groups the menu by section in NavSection order, each ordered, empty sections left out", () => {
    const everything = () => true;
    expect(navGroups(items, everything).map((g) => g.section)).toEqual(["dashboards", "portal", "admin", "pages"]);
    const portal = navGroups(items, everything).find((g) => g.section === "portal")!;
    expect(portal.items.map((i) => i.title)).toEqual(["portal:quota", "portal:shop"]);
    expect(portal.items[1]!.children!.map((c) => c.title)).toEqual(["portal:settings", "portal:items"]);
    expect(navGroups(items, can(["read Portal"])).map((g) => g.section)).toEqual(["dashboards"]);
  });

  it("opens the group holding the active page, including its sub-pages", () => {
    expect(containsActive(items[1]!, "/portal/item")).toBe(true);
    expect(containsActive(items[1]!, "/portal/item/42")).toBe(true);
    expect(containsActive(items[1]!, "/portal/items-old")).toBe(false);
    expect(containsActive(items[1]!, "/portal/quota")).toBe(false);
  });

  it("names the i18n namespaces the menu needs", () => {
    expect(navNamespaces(items).sort()).toEqual(["admin", "common", "dashboard", "portal"]);
  });
});

describe("where the menu lives", () => {
  it("keeps the route table free of menu entries: each feature's menu is in its nav.ts, loaded with the layout", async () => {
    const indexes = import.meta.glob<Record<string, unknown>>("../../web/src/features/*/index.ts", { eager: true });
    const withMenu = Object.entries(indexes).filter(([, module]) => "nav" in module);
    expect(withMenu.map(([file]) => file)).toEqual([]);
    const { navItems } = await import("../../web/src/app/navRegistry");
    const features = new Set(navItems.map((item) => item.title.split(":")[0]));
    expect(features.size).toBeGreaterThan(20);
    expect(navItems.find((item) => item.to === "/portal/user")).toMatchObject({ section: "admin" });
  });
});
