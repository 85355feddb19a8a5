import type { AppRoute, NavItem } from "../../lib/feature";

const readPayments = { action: "read", subject: "Payment" } as const;
const managePayments = { action: "update", subject: "Payment", navActiveLink: "/apps/invoice/list" } as const;

export const routes: AppRoute[] = [
  { path: "/apps/invoice/list", name: "apps-invoice-list", page: () => import("./pages/InvoiceListPage"), meta: readPayments },
  {
    path: "/apps/invoice/preview/:id",
    name: "apps-invoice-preview-id",
    page: () => import("./pages/InvoicePreviewPage"),
    meta: { ...readPayments, navActiveLink: "/apps/invoice/list" },
  },
  { path: "/apps/invoice/add", name: "apps-invoice-add", page: () => import("./pages/InvoiceAddPage"), meta: managePayments },
  {
    path: "/apps/invoice/edit/:id",
    name: "apps-invoice-edit-id",
    page: () => import("./pages/InvoiceEditPage"),
    meta: managePayments,
  },
];

export const nav: NavItem[] = [
  { title: "invoices:menu", to: "/apps/invoice/list", icon: "invoice", ...readPayments, section: "commerce", order: 20 },
];
