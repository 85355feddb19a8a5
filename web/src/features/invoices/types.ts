export type PaymentStatus = "pending" | "awaiting_confirmation" | "paid" | "cancelled" | "expired";

export interface PaymentLine {
  kind: "item" | "bundle";
  refId: number;
  name: string;
  unitPrice: number;
  qty: number;
  lineTotal: number;
  /** A bundle's points, written in the reader's language in place of its English name. */
  points?: number;
}

/** A payment as search-payment and invoice-detail answer it (API.md Payment + buyer). */
export interface Payment {
  referenceId: string;
  userId: number;
  userName: string;
  userEmail: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  method: "bank" | "gateway" | "manual" | "card";
  /** A card payment's Stripe ids (its Checkout Session, and the PaymentIntent once paid); null otherwise. */
  card: { sessionId: string; paymentIntentId: string | null } | null;
  lines: PaymentLine[];
  note: string;
  hasProof: boolean;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  invoiceNumber: number | null;
}

export interface Seller {
  siteName: string;
  bank: { name: string; accountName: string; accountNumber: string; logo: string };
}

export const OPEN_STATUSES: readonly PaymentStatus[] = ["pending", "awaiting_confirmation"];
export const STATUSES: readonly PaymentStatus[] = ["pending", "awaiting_confirmation", "paid", "cancelled", "expired"];
