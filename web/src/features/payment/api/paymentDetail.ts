import { api } from "../../../lib/api";
import { uploadWithProgress } from "../../../lib/upload";

/** SWR key of a payment's public detail; checkout fills it from its answer so the page renders at once. */
export const paymentDetailKey = (referenceId: string) => ["payment-detail", referenceId] as const;

export const paymentDetail = (referenceId: string) => api("payment-detail", { referenceId });

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress("payment-proof", { referenceId, file }, onProgress);
