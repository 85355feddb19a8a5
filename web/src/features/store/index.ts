import type { AppRoute, NavItem } from "../../lib/feature";

/** The store's back office (issue 41): staff who may read Sales. */
const sales = { action: "read", subject: "Sales" } as const;

const page = (path: string, name: string, title: string, load: AppRoute["page"], navActiveLink?: string): AppRoute => ({
  path,
  name,
  title: `store:${title}`,
  page: load,
  meta: navActiveLink ? { ...sales, navActiveLink } : sales,
});

export const routes: AppRoute[] = [
  page("/apps/ecommerce/dashboard", "apps-ecommerce-dashboard", "dashboard.title", () => import("./pages/StoreDashboardPage")),
  page("/dashboards/ecommerce", "dashboards-ecommerce", "dashboard.title", () => import("./pages/StoreDashboardPage")),
  page("/apps/ecommerce/product/list", "apps-ecommerce-product-list", "products.title", () => import("./pages/ProductListPage")),
  page("/apps/ecommerce/product/add", "apps-ecommerce-product-add", "productAdd.title", () => import("./pages/ProductAddPage")),
  page(
    "/apps/ecommerce/product/category-list",
    "apps-ecommerce-product-category-list",
    "categories.title",
    () => import("./pages/CategoryListPage"),
  ),
  page("/apps/ecommerce/order/list", "apps-ecommerce-order-list", "orders.title", () => import("./pages/OrderListPage")),
  page(
    "/apps/ecommerce/order/details/:id",
    "apps-ecommerce-order-details-id",
    "order.title",
    () => import("./pages/OrderDetailsPage"),
    "/apps/ecommerce/order/list",
  ),
  page(
    "/apps/ecommerce/customer/list",
    "apps-ecommerce-customer-list",
    "customers.title",
    () => import("./pages/CustomerListPage"),
  ),
  page(
    "/apps/ecommerce/customer/details/:id",
    "apps-ecommerce-customer-details-id",
    "customer.title",
    () => import("./pages/CustomerDetailsPage"),
    "/apps/ecommerce/customer/list",
  ),
];

export const nav: NavItem[] = [
  { title: "store:menu.dashboard", to: "/dashboards/ecommerce", icon: "store", ...sales, section: "dashboards", order: 25 },
  {
    title: "store:menu.ecommerce",
    icon: "store",
    ...sales,
    section: "apps",
    order: 30,
    children: [
      { title: "store:menu.dashboard", to: "/apps/ecommerce/dashboard", ...sales, section: "apps", order: 1 },
      { title: "store:menu.products", to: "/apps/ecommerce/product/list", ...sales, section: "apps", order: 2 },
      { title: "store:menu.addProduct", to: "/apps/ecommerce/product/add", ...sales, section: "apps", order: 3 },
      { title: "store:menu.categories", to: "/apps/ecommerce/product/category-list", ...sales, section: "apps", order: 4 },
      { title: "store:menu.orders", to: "/apps/ecommerce/order/list", ...sales, section: "apps", order: 5 },
      { title: "store:menu.customers", to: "/apps/ecommerce/customer/list", ...sales, section: "apps", order: 6 },
    ],
  },
];
