/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
import { api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/upload";

/** Opens (or reuses) the payment's Stripe Checkout Session; the page then goes to its `url`. */
export const startCardPayment = (referenceId: string) => api("start-card-payment", { referenceId });

/** A paid payment's invoice PDF for the payer without a session, by the payment's reference. */
export const downloadPayerInvoice = async (referenceId: string, invoiceNumber: number | null) => {
  const { saveFile } = await import("../../lib/download");
  return saveFile("payer-invoice-pdf", { referenceId }, `invoice-${invoiceNumber ?? referenceId}.pdf`);
};

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress("payment-proof", { referenceId, file }, onProgress);
