import { api } from "../../../lib/api";
import { uploadWithProgress } from "../../../lib/upload";

export const paymentDetail = (referenceId: string) => api("payment-detail", { referenceId });

/**
 * The SWR key of a payment's details: the public page's, what its route preloads, and what checkout fills
 * from its answer so the page renders at once.
 */
export const paymentDetailKey = (referenceId: string) => ["payment-detail", referenceId] as const;

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress("payment-proof", { referenceId, file }, onProgress);

/** A paid payment's invoice PDF for the payer without a session, by the payment's reference. */
export const downloadPayerInvoice = async (referenceId: string, invoiceNumber: number | null) => {
  const { saveFile } = await import("../../../lib/download");
  return saveFile("payer-invoice-pdf", { referenceId }, `invoice-${invoiceNumber ?? referenceId}.pdf`);
};
