import { api } from "../../../lib/api";
import type { LineKind, PaymentLine } from "../types";

export interface CheckoutAnswer {
  message: string;
  referenceId: string;
  amount: number;
  lines: PaymentLine[];
}

/** From the cart, or one product now ("buy now" skips the cart). */
export const checkout = (buyNow?: { kind: LineKind; refId: number }) => api<CheckoutAnswer>("checkout", buyNow ?? {});
