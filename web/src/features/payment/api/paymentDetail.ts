import { api, toFormData, uploadWithProgress } from "../../../lib/api";
import type { PaymentDetail } from "../types";

export const paymentDetail = (referenceId: string) => api<PaymentDetail>("payment-detail", { referenceId });

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress<{ message: string }>("payment-proof", toFormData({ referenceId, file }), onProgress);
