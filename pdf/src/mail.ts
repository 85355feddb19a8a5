import PostalMime from "postal-mime";

/**
 * A raw mail (RFC 5322 bytes, as Email Routing hands it to the portal's email() handler) parsed by
 * postal-mime, as JSON: the parts the support desk reads, attachments' bytes in base64. postal-mime lives
 * here rather than in the portal's bundle (22 kB gzipped of its 250 kB budget, most of it an HTML-entity
 * table) because only mail-in needs it (docs/decisions/0030-support-mail.md).
 */
export async function parsedMail(raw: ArrayBuffer): Promise<string> {
  const mail = await PostalMime.parse(raw, { attachmentEncoding: "base64" });
  return JSON.stringify({
    messageId: mail.messageId,
    from: mail.from,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      mimeType: a.mimeType,
      disposition: a.disposition,
      related: a.related,
      content: a.content,
    })),
  });
}
