import { api, type CallInput } from "../../lib/api";
import { saveFile } from "../../lib/download";

/** Choices of the manual payment form (admin calls of the users and catalogue features). */
export const searchUsers = (search: string) =>
  api("searchuser", {
    search,
    selectedRole: "",
    selectedPlan: "",
    selectedStatus: "",
    limit: 20,
    page: 1,
  });
export const searchItems = () => api("searchitem", { search: "", sort: "name", limit: 100, page: 1 });
export const searchBundles = () => api("searchbundle", { limit: 100, page: 1 });

export const SEARCH_PAYMENT = "search-payment";

/** Proofs waiting for an admin and card charges to refund, shown above the payments list. */
export const paymentAttention = () => api("payment-attention", {});
export const invoiceDetail = (referenceId: string) => api("invoice-detail", { referenceId });
export const confirmPayment = (referenceId: string) => api("confirm-payment", { referenceId });
export const cancelPayment = (referenceId: string) => api("cancel-payment", { referenceId });
export const updatePayment = (referenceId: string, note: string) => api("update-payment", { referenceId, note });
export const sendInvoice = (body: CallInput<"send-invoice">) => api("send-invoice", body);
export const addPayment = (body: CallInput<"add-payment">) => api("add-payment", body);

/** The CSV of the payments matching the filters. */
export const exportPayments = (filters: CallInput<"export-payment">) => saveFile("export-payment", filters, "payments.csv");

/** The payer's proof of transfer (admins). */
export const downloadProof = (referenceId: string) => saveFile("download-proof", { referenceId }, "proof");

export const SEARCH_CREDIT_NOTE = "search-credit-note";
export const refundPayment = (body: CallInput<"refund-payment">) => api("refund-payment", body);

/** The invoice as a PDF (owner or admin). */
export const downloadInvoicePdf = (referenceId: string, invoiceNumber: number | null) =>
  saveFile("invoice-pdf", { referenceId }, `invoice-${invoiceNumber ?? referenceId}.pdf`);

/** The invoice, or one of its credit notes, as an EN 16931 e-invoice: UBL or CII XML (owner or admin). */
export const downloadInvoiceXml = (body: CallInput<"invoice-xml">, fileStem: string) =>
  saveFile("invoice-xml", body, `${fileStem}-${body.format}.xml`);

/** A credit note as a PDF (owner or admin). */
export const downloadCreditNotePdf = (creditNoteNumber: number) =>
  saveFile("credit-note-pdf", { creditNoteNumber }, `credit-note-CN-${creditNoteNumber}.pdf`);
