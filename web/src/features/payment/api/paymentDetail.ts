import { api } from "../../../lib/api";
import { uploadWithProgress } from "../../../lib/upload";

export const paymentDetail = (referenceId: string) => api("payment-detail", { referenceId });

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress("payment-proof", { referenceId, file }, onProgress);
