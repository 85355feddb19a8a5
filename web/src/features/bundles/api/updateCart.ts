import { api } from "../../../lib/api";

/** The SWR key the cart badge and checkout page read: refreshed after adding to the cart. */
export const CART_KEY = "cart";

export function updateCart(body: { kind: "bundle"; refId: number; qty: number }) {
  return api("updatecart", body);
}
