import type { AppRoute, NavbarWidget } from "../../lib/feature";
import { CART_KEY, searchCart } from "../../lib/cart";

/** The cart lives in the navbar; its page is the checkout (/payment/payment, payment feature). */
export const routes: AppRoute[] = [];

export const navbarWidgets: NavbarWidget[] = [
  {
    name: "cart",
    order: 10,
    component: () => import("./components/CartBadge"),
    // As CartBadge asks: only who can buy.
    preload: ({ can }) => (can("create", "Payment") && can("update", "Cart") ? [{ key: CART_KEY, fetch: searchCart }] : []),
  },
];
