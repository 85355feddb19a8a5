/**
 * The store's pages in one chunk: the route table (in every first load, /login's included) then holds one
 * dynamic import for the nine routes instead of one each.
 */
export { default as CategoryListPage } from "./CategoryListPage";
export { default as CustomerDetailsPage } from "./CustomerDetailsPage";
export { default as CustomerListPage } from "./CustomerListPage";
export { default as OrderDetailsPage } from "./OrderDetailsPage";
export { default as OrderListPage } from "./OrderListPage";
export { default as ProductAddPage } from "./ProductAddPage";
export { default as ProductListPage } from "./ProductListPage";
export { default as StoreDashboardPage } from "./StoreDashboardPage";
