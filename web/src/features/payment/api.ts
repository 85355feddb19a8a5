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

/** The Worker's limit of a proof of transfer (UPLOAD_MAX.proof); checked here first so the payer hears it at once. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

export const uploadProof = (referenceId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress("payment-proof", { referenceId, file }, onProgress);
