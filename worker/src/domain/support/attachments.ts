import { sql } from "kysely";
import type { DB } from "../../db";
import { TICKET_ATTACHMENTS_MAX, TICKET_ATTACHMENTS_TOTAL } from "../../contract/uploads";
import { formatBytes, HttpError, msg, tooLarge } from "../../errors";
import { checkUpload, storeChecked, type CheckedUpload, type StoredFile } from "../storage/files";
import type { TicketReader } from "./tickets";

/** A ticket message's files (decision 0032): checked by their bytes as every upload is, kept in R2 under the ticket. */

/** Checks a message's files before anything is stored: their total (413), then each one's size and bytes (413, 415). */
export async function checkAttachments(files: readonly File[]): Promise<CheckedUpload[]> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > TICKET_ATTACHMENTS_TOTAL) {
    throw tooLarge(msg("ticketAttachmentsTooLarge", { size: formatBytes(TICKET_ATTACHMENTS_TOTAL) }));
  }
  const checked: CheckedUpload[] = [];
  for (const file of files) checked.push(await checkUpload(file, "ticketFile", "attachments"));
  return checked;
}

/**
 * Of a mailed reply's attachments, those a reply on the page could carry: the first five whose bytes pass,
 * within the total. The rest (a signature's logo, a forwarded archive) are left out rather than refusing the mail.
 */
export async function acceptableMailFiles(files: readonly File[]): Promise<CheckedUpload[]> {
  const kept: CheckedUpload[] = [];
  let total = 0;
  for (const file of files) {
    if (kept.length === TICKET_ATTACHMENTS_MAX || total + file.size > TICKET_ATTACHMENTS_TOTAL) break;
    try {
      kept.push(await checkUpload(file, "ticketFile", "attachments"));
      total += file.size;
    } catch (error) {
      // A refused file (413, 415) is left out; anything else is a fault.
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return kept;
}

/** Puts checked files in R2 under tickets/<ticketId>/, before the batch that records them. */
export function storeAttachments(bucket: R2Bucket, ticketId: number, files: readonly CheckedUpload[]): Promise<StoredFile[]> {
  return Promise.all(files.map((file) => storeChecked(bucket, file, `${ticketId}/`)));
}

/** Removes stored files whose batch failed: no row names them. */
export async function dropStoredAttachments(bucket: R2Bucket, stored: readonly StoredFile[]): Promise<void> {
  if (stored.length > 0) await bucket.delete(stored.map((file) => file.key));
}

/**
 * The rows of a reply's files, run in the reply's batch after its message: the thread's newest message is
 * the one just inserted (the batch is one transaction). Two rows written each, the row and its index entry.
 */
export function attachmentInserts(db: DB, ticketId: number, stored: readonly StoredFile[]) {
  return stored.map((file) =>
    db
      .insertInto("ticket_attachments")
      .columns(["ticketId", "messageId", "name", "type", "size", "fileKey"])
      .expression(
        db
          .selectFrom("ticket_messages")
          .select([
            "ticketId",
            "messageId",
            sql<string>`${file.name}`.as("name"),
            sql<string>`${file.contentType}`.as("type"),
            sql<number>`${file.size}`.as("size"),
            sql<string>`${file.key}`.as("fileKey"),
          ])
          .where("ticketId", "=", ticketId)
          .orderBy("seq", "desc")
          .limit(1),
      )
      .returning(["attachmentId", "name", "type", "size"]),
  );
}

/** A thread's files by message, through each message's index range; an internal note's only for staff. */
export function ticketAttachments(db: DB, reader: TicketReader, ticketId: number) {
  let query = db
    .selectFrom("ticket_messages as m")
    .innerJoin("ticket_attachments as a", "a.messageId", "m.messageId")
    .select(["a.messageId", "a.attachmentId", "a.name", "a.type", "a.size"])
    .where("m.ticketId", "=", ticketId)
    .orderBy("a.attachmentId");
  if (!reader.staff) query = query.where("m.internal", "=", 0);
  return query;
}

export interface AttachmentView {
  attachmentId: number;
  name: string;
  type: string;
  size: number;
}

/** The files of each message, by messageId. */
export function attachmentsByMessage(rows: ReadonlyArray<AttachmentView & { messageId: number }>) {
  const byMessage = new Map<number, AttachmentView[]>();
  for (const { messageId, ...view } of rows) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), view]);
  return byMessage;
}

/** An attachment with what its download checks: its ticket and whether its message is an internal note. */
export function attachmentOf(db: DB, attachmentId: number) {
  return db
    .selectFrom("ticket_attachments as a")
    .innerJoin("ticket_messages as m", "m.messageId", "a.messageId")
    .select(["a.ticketId", "a.name", "a.fileKey", "m.internal"])
    .where("a.attachmentId", "=", attachmentId)
    .executeTakeFirst();
}
