import { api } from "../../../lib/api";

export interface CardPaymentAnswer {
  message: string;
  /** Stripe's hosted Checkout page for this payment. */
  url: string;
}

/** Opens (or reuses) the payment's Stripe Checkout Session; the page then goes to its URL. */
export const startCardPayment = (referenceId: string) => api<CardPaymentAnswer>("start-card-payment", { referenceId });
