import type { AppRoute } from "../../lib/feature";
import { CART_KEY, searchCart } from "../../lib/cart";
import { paymentDetail, paymentDetailKey } from "./preload";

/** Checkout from the cart and the public payment page. `/payment/payment` comes first: it would match `:referenceId`. */
export const routes: AppRoute[] = [
  {
    path: "/payment/payment",
    title: "payment:cartTitle",
    page: () => import("./pages/CheckoutPage"),
    meta: { action: "create", subject: "Payment" },
    preload: () => [{ key: CART_KEY, fetch: searchCart }],
  },
  {
    path: "/payment/:referenceId",
    title: "payment:paymentTitle",
    description: "payment:pageDescription",
    // One shell for every payment (the Worker serves it for any reference): the page fills it from one call.
    prerender: ["/payment/_shell"],
    page: () => import("./pages/PaymentPage"),
    meta: { layout: "blank", public: true },
    preload: ({ params }) => [{ key: paymentDetailKey(params.referenceId!), fetch: () => paymentDetail(params.referenceId!) }],
  },
];
