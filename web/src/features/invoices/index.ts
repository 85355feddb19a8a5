import type { AppRoute } from "../../lib/feature";

export const readPayments = { action: "read", subject: "Payment" } as const;
const managePayments = { action: "update", subject: "Payment", navActiveLink: "/apps/invoice/list" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/invoice/list",
    title: "invoices:title",
    page: () => import("./pages/InvoiceListPage"),
    meta: readPayments,
  },
  {
    path: "/apps/invoice/preview/:id",
    title: "invoices:pageTitle.preview",
    page: () => import("./pages/InvoicePreviewPage"),
    meta: { ...readPayments, navActiveLink: "/apps/invoice/list" },
  },
  {
    path: "/apps/invoice/add",
    title: "invoices:addTitle",
    page: () => import("./pages/InvoiceAddPage"),
    meta: managePayments,
  },
  {
    path: "/apps/invoice/edit/:id",
    title: "invoices:editTitle",
    page: () => import("./pages/InvoiceEditPage"),
    meta: managePayments,
  },
];
