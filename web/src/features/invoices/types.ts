import type { CallAnswer, ListRow } from "../../lib/api";

/** A payment with its buyer, as search-payment and invoice-detail answer it. */
export type Payment = ListRow<"search-payment">;
export type PaymentStatus = Payment["status"];
export type Seller = CallAnswer<"invoice-detail">["seller"];

export const OPEN_STATUSES: readonly PaymentStatus[] = ["pending", "awaiting_confirmation"];
export const STATUSES: readonly PaymentStatus[] = [
  "pending",
  "awaiting_confirmation",
  "paid",
  "partially_refunded",
  "refunded",
  "cancelled",
  "expired",
];

/** A refund of a payment; once made, a credit note. */
export type CreditNote = ListRow<"search-credit-note">;

/** Payments that can still be refunded. */
export const REFUNDABLE_STATUSES: readonly PaymentStatus[] = ["paid", "partially_refunded"];
