import type { DB } from "../../db";
import { isLanguage } from "../../errors/language";
import type { AttachmentMaker } from "../outbox/queue";
import { readableCreditNote } from "../refunds/credit-notes";
import {
  creditNoteDocument,
  creditNoteFilename,
  invoiceDocument,
  invoiceFilename,
  renderDocument,
  type PdfSettings,
} from "./pdf";
import { readablePayment, type PaymentReader } from "../payments/queries";

/** The mail sender reads every payment: it attaches documents to their owners' mails. */
const SENDER: PaymentReader = { userId: 0, scope: "all" };

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Attaches the invoice (receipt mails) or the credit note (credit-note mails) as a PDF, made when the mail
 * is sent, in the buyer's stored mail language.
 */
export function pdfAttachments(db: DB, service: Fetcher, settings: PdfSettings): AttachmentMaker {
  return async (reference) => {
    const [kind, key = ""] = reference.split(/:(.*)/s);
    const note = kind === "credit-note" ? await readableCreditNote(db, SENDER, Number(key)) : null;
    const payment = await readablePayment(db, SENDER, note ? note.referenceId : key);
    const owner = await db.selectFrom("users").select("mailLanguage").where("userId", "=", payment.userId).executeTakeFirst();
    const language = isLanguage(owner?.mailLanguage) ? owner.mailLanguage : "en";
    const doc = note ? creditNoteDocument(settings, payment, note, language) : invoiceDocument(settings, payment, language);
    const filename = note ? creditNoteFilename(note.creditNoteNumber) : invoiceFilename(payment.invoiceNumber);
    return { filename, content: base64(await renderDocument(service, doc)) };
  };
}
