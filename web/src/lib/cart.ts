import { api } from "./api";

/*
 * The cart and checkout calls, written once for every feature that reads or fills the cart (the navbar
 * badge, the shop cards, the checkout page, the pricing and profile pages).
 */

/** The SWR key of the caller's cart: the badge and the checkout page read it, so both follow every change. */
export const CART_KEY = "cart";

/** What can be bought: a bundle of points or an item (a subscription). */
export type ProductKind = "bundle" | "item";

export const searchCart = () => api("searchcart");

/** Sets a product's quantity in the cart (0 takes it out); answers the server's message. */
export const updateCart = (kind: ProductKind, refId: number, qty: number) => api("updatecart", { kind, refId, qty });

/** Pays for the cart, or for one product now ("buy now" leaves the cart alone): answers the new payment's reference. */
export const checkout = (buyNow?: { kind: ProductKind; refId: number }) => api("checkout", buyNow ?? {});
