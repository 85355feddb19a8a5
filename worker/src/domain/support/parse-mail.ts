import type { Attachment, Email } from "postal-mime";

/** A mail's parts as the PDF Worker's `/mail` answers them (pdf/src/mail.ts): postal-mime's, attachments in base64. */
export type ParsedMail = Pick<Email, "messageId" | "from" | "subject" | "text" | "html"> & {
  attachments: Array<Pick<Attachment, "filename" | "mimeType" | "disposition" | "related"> & { content: string }>;
};

/**
 * Parses a raw mail in the PDF Worker, which holds postal-mime so the portal's bundle does not. A failure
 * throws: the sending server is told to try again later, rather than the mail being refused.
 */
export async function parseMail(pdf: Fetcher, raw: ReadableStream<Uint8Array>): Promise<ParsedMail> {
  const bytes = await new Response(raw).arrayBuffer();
  const response = await pdf.fetch("https://pdf.internal/mail", { method: "POST", body: bytes });
  if (!response.ok) throw new Error(`mail parser answered ${response.status}`);
  return response.json<ParsedMail>();
}
