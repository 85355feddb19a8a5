import { api } from "../../../lib/api";

export type ProductKind = "bundle" | "item";

/** Buys one product now (the cart is left alone): answers the new payment's reference. */
export function checkout(body: { kind: ProductKind; refId: number }) {
  return api("checkout", body);
}
