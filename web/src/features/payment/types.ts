/** Shapes of the commerce calls this feature makes (API.md). */
export type LineKind = "item" | "bundle";
export type PaymentStatus = "pending" | "awaiting_confirmation" | "paid" | "cancelled" | "expired";

export interface PaymentLine {
  kind: LineKind;
  refId: number;
  name: string;
  unitPrice: number;
  qty: number;
  lineTotal: number;
  /** A bundle's points (its name is "<points> points" in English). */
  points?: number;
}

export interface CartLine extends PaymentLine {
  cartId: number;
  available: boolean;
}

export interface Bank {
  name: string;
  accountName: string;
  accountNumber: string;
  logo: string;
}

export interface CartAnswer {
  carts: CartLine[];
  amounts: { subtotal: number; total: number; currency: string; count: number };
  bank: Bank;
  /** Whether card payments (Stripe Checkout) are configured. */
  payByCard: boolean;
}

export interface PaymentDetail {
  referenceId: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  lines: PaymentLine[];
  hasProof: boolean;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  invoiceNumber: number | null;
  payerName: string;
  bank: Bank;
  /** Whether this payment may be paid by card now (Stripe configured, pending, an amount Stripe can charge). */
  payByCard: boolean;
}
