import type { AppRoute, NavItem } from "../../lib/feature";

const readVendors = { action: "read", subject: "Vendor" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/vendor",
    name: "portal-vendor",
    title: "vendors:title",
    page: () => import("./pages/VendorPage"),
    meta: readVendors,
  },
];

export const nav: NavItem[] = [
  { title: "vendors:menu", to: "/portal/vendor", icon: "key", ...readVendors, section: "admin", order: 40 },
];
