import type { AppRoute, NavbarWidget, NavItem } from "../../lib/feature";
import { CART_KEY, searchCart } from "../../lib/cart";

/** The cart lives in the navbar; its page is the checkout (/payment/payment, payment feature). */
export const routes: AppRoute[] = [];

export const nav: NavItem[] = [
  {
    title: "cart:menu",
    to: "/payment/payment",
    icon: "cart",
    action: "create",
    subject: "Payment",
    section: "commerce",
    order: 10,
  },
];

export const navbarWidgets: NavbarWidget[] = [
  {
    name: "cart",
    order: 10,
    component: () => import("./components/CartBadge"),
    // As CartBadge asks: only who can buy.
    preload: ({ can }) => (can("create", "Payment") && can("update", "Cart") ? [{ key: CART_KEY, fetch: searchCart }] : []),
  },
];
