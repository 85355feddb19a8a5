import { api } from "../../../lib/api";

export type ProductKind = "bundle" | "item";

export interface CheckoutAnswer {
  message: string;
  referenceId: string;
  amount: number;
}

/** Buys one product now (the cart is left alone): answers the new payment's reference. */
export function checkout(body: { kind: ProductKind; refId: number }) {
  return api<CheckoutAnswer>("checkout", body);
}
