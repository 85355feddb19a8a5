import type { AppRoute } from "../../lib/feature";

/** The store's back office (issue 41): staff who may read Sales. */
export const sales = { action: "read", subject: "Sales" } as const;
export const BASE = "/apps/ecommerce/";

type PageName = keyof typeof import("./pages");

/** A route of the store's back office, under its pages module. */
function route(path: string, title: string, page: PageName, navActiveLink?: string): AppRoute {
  return {
    path,
    title: `store:${title}.title`,
    page: () => import("./pages").then((pages) => ({ default: pages[page] })),
    meta: navActiveLink ? { ...sales, navActiveLink: BASE + navActiveLink } : sales,
  };
}

export const routes: AppRoute[] = [
  route(`${BASE}dashboard`, "dashboard", "StoreDashboardPage"),
  route("/dashboards/ecommerce", "dashboard", "StoreDashboardPage"),
  route(`${BASE}product/list`, "products", "ProductListPage"),
  route(`${BASE}product/add`, "productAdd", "ProductAddPage"),
  route(`${BASE}product/category-list`, "categories", "CategoryListPage"),
  route(`${BASE}order/list`, "orders", "OrderListPage"),
  route(`${BASE}order/details/:id`, "order", "OrderDetailsPage", "order/list"),
  route(`${BASE}customer/list`, "customers", "CustomerListPage"),
  route(`${BASE}customer/details/:id`, "customer", "CustomerDetailsPage", "customer/list"),
];
