/** The list calls of the billing tab (the caller's own rows). */
export const SEARCH_SUBSCRIPTION = "search-subscription";
export const SEARCH_PAYMENT = "search-payment";

export interface Subscription {
  subscriptionId: number;
  itemId: number;
  itemName: string;
  itemUrl: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

export type PaymentStatus = "pending" | "awaiting_confirmation" | "paid" | "cancelled" | "expired";

export interface Payment {
  referenceId: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  lines: Array<{ kind: string; refId: number; name: string; qty: number; lineTotal: number; points?: number }>;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  invoiceNumber: number | null;
}
