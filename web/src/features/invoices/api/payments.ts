import { api, ApiError, networkText } from "../../../lib/api";
import type { Payment, Seller } from "../types";

export const SEARCH_PAYMENT = "search-payment";

type Message = { message: string };

export const invoiceDetail = (referenceId: string) =>
  api<{ payment: Payment; seller: Seller }>("invoice-detail", { referenceId });
export const confirmPayment = (referenceId: string) => api<Message>("confirm-payment", { referenceId });
export const cancelPayment = (referenceId: string) => api<Message>("cancel-payment", { referenceId });
export const updatePayment = (referenceId: string, note: string) =>
  api<Message & { payment: Payment }>("update-payment", { referenceId, note });
export const sendInvoice = (body: { referenceId: string; to?: string; subject: string; message: string }) =>
  api<Message>("send-invoice", body);
export const addPayment = (body: { userId: number; lines: Array<{ kind: string; refId: number; qty: number }>; note: string }) =>
  api<Message & { payment: Payment }>("add-payment", body);

/** Posts a call whose answer is a file and lets the browser save it. */
async function download(name: string, body: object, fallbackName: string) {
  const response = await fetch(`/api/${name}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const shaped = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(response.status, shaped.code ?? "http_error", shaped.error ?? networkText());
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The CSV of the payments matching the filters. */
export const exportPayments = (filters: { search: string; status?: string; userId?: number }) =>
  download("export-payment", filters, "payments.csv");

/** The payer's proof of transfer (admins). */
export const downloadProof = (referenceId: string) => download("download-proof", { referenceId }, "proof");
