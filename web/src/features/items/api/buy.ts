import { api } from "../../../lib/api";

/** The SWR key the cart badge and checkout page read: refreshed after adding to the cart. */
export const CART_KEY = "cart";

export function updateCart(body: { kind: "item"; refId: number; qty: number }) {
  return api("updatecart", body);
}

/** Buys one item now (the cart is left alone): answers the new payment's reference. */
export function checkout(body: { kind: "item"; refId: number }) {
  return api("checkout", body);
}
