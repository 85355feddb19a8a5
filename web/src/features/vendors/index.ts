import type { AppRoute } from "../../lib/feature";

export const readVendors = { action: "read", subject: "Vendor" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/vendor",
    title: "vendors:title",
    page: () => import("./pages/VendorPage"),
    meta: readVendors,
  },
];
