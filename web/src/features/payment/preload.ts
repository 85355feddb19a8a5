import { api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/upload";

export const paymentDetail = (referenceId: string) => api("payment-detail", { referenceId });

/**
 * The SWR key of a payment's details: the public page's, what its route preloads, and what checkout fills
 * from its answer so the page renders at once.
 */
export const paymentDetailKey = (referenceId: string) => ["payment-detail", referenceId] as const;

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress("payment-proof", { referenceId, file }, onProgress);
