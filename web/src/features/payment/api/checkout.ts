import { api } from "../../../lib/api";
import type { LineKind, PaymentDetail, PaymentLine } from "../types";

export interface CheckoutAnswer {
  message: string;
  referenceId: string;
  amount: number;
  lines: PaymentLine[];
  /** The new payment as payment-detail shows it, so its page needs no second call. */
  payment: PaymentDetail;
}

/** From the cart, or one product now ("buy now" skips the cart). */
export const checkout = (buyNow?: { kind: LineKind; refId: number }) => api<CheckoutAnswer>("checkout", buyNow ?? {});
