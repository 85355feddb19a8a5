import { api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/upload";

/** Opens (or reuses) the payment's Stripe Checkout Session; the page then goes to its `url`. */
export const startCardPayment = (referenceId: string) => api("start-card-payment", { referenceId });

export const paymentDetail = (referenceId: string) => api("payment-detail", { referenceId });

/**
 * The SWR key of a payment's details: the public page's, what its route preloads, and what checkout fills
 * from its answer so the page renders at once.
 */
export const paymentDetailKey = (referenceId: string) => ["payment-detail", referenceId] as const;

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress("payment-proof", { referenceId, file }, onProgress);
