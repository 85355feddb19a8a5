import { api, toFormData, uploadWithProgress } from "../../../lib/api";
import type { PaymentDetail } from "../types";

/** SWR key of a payment's public detail; checkout fills it from its answer so the page renders at once. */
export const paymentDetailKey = (referenceId: string) => ["payment-detail", referenceId] as const;

export const paymentDetail = (referenceId: string) => api<PaymentDetail>("payment-detail", { referenceId });

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress<{ message: string }>("payment-proof", toFormData({ referenceId, file }), onProgress);
