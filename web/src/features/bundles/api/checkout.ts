import { api } from "../../../lib/api";

/** Buys one bundle now (the cart is left alone): answers the new payment's reference. */
export function checkout(body: { kind: "bundle"; refId: number }) {
  return api("checkout", body);
}
