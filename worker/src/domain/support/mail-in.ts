import { ticketOfSupportAddress } from "../../auth/support-mail-token";
import type { DB } from "../../db";
import { HttpError } from "../../errors";
import type { Portal } from "../context";
import { TICKET_BODY_MAX } from "../../contract/support";
import { sendReplyNotices, type SupportMail } from "./notices";
import { acceptableMailFiles } from "./attachments";
import { mailText, stripQuotedHistory, textToHtml } from "./mail-text";
import { parseMail, type ParsedMail } from "./parse-mail";
import { isStaffUser, replyTicket } from "./write";

/** What the email() handler gets of a message (Cloudflare's ForwardableEmailMessage, the part used). */
export interface IncomingMail {
  readonly from: string;
  readonly to: string;
  readonly raw: ReadableStream<Uint8Array>;
  readonly rawSize: number;
  setReject(reason: string): void;
}

/** Mail larger than this is refused before it is read: a reply's text and a few files (decision 0032). */
const RAW_MAX_BYTES = 5 * 1024 * 1024;

export type MailInOutcome = "added" | "duplicate" | "rejected";

/** The reason a mail is refused: the sending server reports it to the sender. */
class Refused extends Error {}

/** A mail's attached files (not the inline pictures of its HTML, such as a signature's logo). */
const attachedFiles = (mail: ParsedMail) =>
  mail.attachments
    .filter((a) => a.disposition !== "inline" && !a.related)
    .map((a) => new File([Uint8Array.from(atob(a.content), (c) => c.charCodeAt(0))], a.filename ?? "file", { type: a.mimeType }));

const senderAddress = (mail: ParsedMail, envelope: string) => (mail.from?.address ?? envelope).trim().toLowerCase();

/** What receiving a mail works with: the database, the files' bucket, the portal and its support mail, the PDF Worker. */
export interface MailInDeps {
  db: DB;
  d1: D1Database;
  bucket: R2Bucket;
  portal: Portal;
  supportMail: SupportMail;
  pdf: Fetcher;
}

/**
 * A mail sent to a ticket's support address becomes the sender's reply in its thread (decision 0030):
 * refused (setReject) when the address's token is missing or forged, the ticket gone, the sender neither
 * its client nor staff, or nothing is left once quoted history is cut. The Message-ID is recorded in the
 * reply's place first, so a second delivery of the same mail adds nothing. Its files are kept as a reply's
 * on the page are, those whose bytes a reply may carry (decision 0032).
 */
export async function receiveSupportMail(deps: MailInDeps, message: IncomingMail): Promise<MailInOutcome> {
  try {
    return await receive(deps, message);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    // A void call in production; locally (`/cdn-cgi/handler/email`) a promise over RPC that must land
    // before the handler ends, or the refusal is lost.
    const refused: unknown = message.setReject(error.message);
    await refused;
    return "rejected";
  }
}

async function receive({ db, d1, bucket, portal, supportMail, pdf }: MailInDeps, message: IncomingMail) {
  const ticketId = await ticketOfSupportAddress(supportMail.secret, message.to);
  if (ticketId === null) throw new Refused("This address is not a ticket's support address.");
  if (message.rawSize > RAW_MAX_BYTES) throw new Refused("The message is too large.");
  const mail = await parseMail(pdf, message.raw);
  const mailMessageId = mail.messageId?.trim();
  if (!mailMessageId) throw new Refused("The message has no Message-ID.");
  const ticket = await db
    .selectFrom("tickets")
    .select(["ticketId", "userId"])
    .where("ticketId", "=", ticketId)
    .where("draft", "=", 0)
    .executeTakeFirst();
  if (!ticket) throw new Refused("This ticket no longer exists.");
  const sender = await db
    .selectFrom("users")
    .select(["userId", "userName", "userEmail"])
    .where("userEmail", "=", senderAddress(mail, message.from))
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  const staff = sender !== undefined && sender.userId !== ticket.userId && (await isStaffUser(db, sender.userId));
  if (!sender || (sender.userId !== ticket.userId && !staff)) {
    throw new Refused("Only the ticket's client or support staff may answer it by mail.");
  }
  const text = stripQuotedHistory(mailText(mail)).slice(0, TICKET_BODY_MAX / 2);
  if (text === "") throw new Refused("The message has no text above the quoted history.");

  const recorded = await db
    .insertInto("ticket_mail_in")
    .values({ mailMessageId: mailMessageId.slice(0, 998), ticketId })
    .onConflict((oc) => oc.column("mailMessageId").doNothing())
    .executeTakeFirst();
  if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return "duplicate";

  const reader = { userId: sender.userId, staff };
  const actor = { userId: sender.userId, email: sender.userEmail, ip: "", agent: null };
  let reply;
  try {
    const checked = await acceptableMailFiles(attachedFiles(mail));
    reply = await replyTicket(
      { db, d1, actor },
      reader,
      { ticketId, body: textToHtml(text), internal: false },
      { bucket, checked },
    );
  } catch (error) {
    // Not added: a later delivery may try again.
    await db.deleteFrom("ticket_mail_in").where("mailMessageId", "=", mailMessageId.slice(0, 998)).execute();
    if (error instanceof HttpError) throw new Refused("The reply could not be added to the ticket.");
    throw error;
  }
  await sendReplyNotices(db, d1, portal, supportMail, {
    ticketId,
    seq: reply.seq,
    body: reply.body,
    internal: false,
    authorId: sender.userId,
    authorName: sender.userName,
    staff,
  });
  return "added" as const;
}
