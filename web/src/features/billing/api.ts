import { api, type CallInput, type ListRow } from "../../lib/api";
import { saveFile } from "../../lib/download";

/** The list calls of the billing tab (the caller's own rows). */
export const SEARCH_SUBSCRIPTION = "search-subscription";
export const SEARCH_PAYMENT = "search-payment";

export type Subscription = ListRow<typeof SEARCH_SUBSCRIPTION>;
export type Payment = ListRow<typeof SEARCH_PAYMENT>;
export type PaymentStatus = Payment["status"];

export const SEARCH_CREDIT_NOTE = "search-credit-note";
export type CreditNote = ListRow<typeof SEARCH_CREDIT_NOTE>;

export const billingDetails = () => api("billing-details", {});
export const updateBillingDetails = (body: CallInput<"update-billing-details">) => api("update-billing-details", body);

/** The caller's invoice or credit note as a PDF. */
export const downloadInvoicePdf = (referenceId: string, invoiceNumber: number) =>
  saveFile("invoice-pdf", { referenceId }, `invoice-${invoiceNumber}.pdf`);
export const downloadCreditNotePdf = (creditNoteNumber: number) =>
  saveFile("credit-note-pdf", { creditNoteNumber }, `credit-note-CN-${creditNoteNumber}.pdf`);

/** Saved cards (Stripe keeps them; the portal shows brand, last four, expiry) and automatic renewal. */
export const SEARCH_PAYMENT_METHOD = "search-payment-method";
export type SavedCard = ListRow<typeof SEARCH_PAYMENT_METHOD>;
export const startCardSetup = () => api("start-card-setup", {});
export const deletePaymentMethod = (paymentMethodId: string) => api("delete-payment-method", { paymentMethodId });
export const makeDefaultCard = (paymentMethodId: string) => api("update-payment-method", { paymentMethodId, isDefault: true });
export const updateAutoRenew = (subscriptionId: number, autoRenew: boolean) =>
  api("update-auto-renew", { subscriptionId, autoRenew });
