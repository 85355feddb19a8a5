import type { AppRoute, NavItem } from "../../app/types";

/** Checkout from the cart and the public payment page. `/payment/payment` comes first: it would match `:referenceId`. */
export const routes: AppRoute[] = [
  {
    path: "/payment/payment",
    name: "payment-payment",
    page: () => import("./pages/CheckoutPage"),
    meta: { action: "create", subject: "Payment" },
  },
  {
    path: "/payment/:referenceId",
    name: "payment-reference-id",
    page: () => import("./pages/PaymentPage"),
    meta: { layout: "blank", public: true },
  },
];

export const nav: NavItem[] = [];
