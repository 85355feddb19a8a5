import { api, toFormData, uploadWithProgress } from "../../../lib/api";
import type { PaymentDetail } from "../types";

export const paymentDetail = (referenceId: string) => api<PaymentDetail>("payment-detail", { referenceId });

/** The SWR key of a payment's details: the public page's and what its route preloads. */
export const paymentDetailKey = (referenceId: string) => ["payment-detail", referenceId] as const;

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress<{ message: string }>("payment-proof", toFormData({ referenceId, file }), onProgress);
