import type { Attachment, Email } from "postal-mime";
import { askPdfWorker } from "../pdf-worker/client";

/** A mail's parts as the PDF Worker's `/mail` answers them (pdf/src/mail.ts): postal-mime's, attachments in base64. */
export type ParsedMail = Pick<Email, "messageId" | "from" | "subject" | "text" | "html"> & {
  attachments: Array<Pick<Attachment, "filename" | "mimeType" | "disposition" | "related"> & { content: string }>;
};

/**
 * Parses a raw mail in the PDF Worker, which holds postal-mime so the portal's bundle does not. A failure
 * throws: the sending server is told to try again later, rather than the mail being refused.
 */
export async function parseMail(pdf: Fetcher, raw: ReadableStream<Uint8Array>): Promise<ParsedMail> {
  const response = await askPdfWorker(pdf, "/mail", await new Response(raw).arrayBuffer());
  return response.json<ParsedMail>();
}
