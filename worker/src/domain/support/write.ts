import { sql } from "kysely";
import { runBatch, type DB } from "../../db";
import type { TicketAboutKind, TicketFolderState, TicketLabel, TicketStatus } from "../../db/tables/support";
import { badRequest, forbidden, notFound } from "../../errors";
import { audit } from "../audit";
import type { DomainContext } from "../context";
import type { CheckedUpload } from "../storage/files";
import { attachmentInserts, dropStoredAttachments, storeAttachments, type AttachmentView } from "./attachments";
import { htmlToPlainText, sanitiseTicketHtml } from "./html";
import { readableTicket, type TicketReader } from "./tickets";

const NOW = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** The stored HTML of a message: sanitised, and refused when nothing readable is left. */
function storedBody(html: string): string {
  const body = sanitiseTicketHtml(html);
  if (htmlToPlainText(body) === "") throw badRequest("ticketBodyEmpty", "invalid_input", "body");
  return body;
}

/** Whether `about` names the owner's own payment, job or invoice (a client may only point at what is theirs). */
async function ownsAbout(db: DB, userId: number, about: { kind: TicketAboutKind; id: string }): Promise<boolean> {
  if (about.kind === "job") {
    const job = await db.selectFrom("history").select("historyId").where("uniqueId", "=", about.id).where("userId", "=", userId);
    return (await job.executeTakeFirst()) !== undefined;
  }
  const payments = db.selectFrom("payments").select("paymentId").where("userId", "=", userId);
  if (about.kind === "payment") return (await payments.where("referenceId", "=", about.id).executeTakeFirst()) !== undefined;
  const number = Number(about.id);
  if (!Number.isSafeInteger(number)) return false;
  return (await payments.where("invoiceNumber", "=", number).executeTakeFirst()) !== undefined;
}

export interface OpenTicket {
  subject: string;
  body: string;
  label: TicketLabel;
  /** Sending a draft without it (a multipart body cannot carry it) keeps the draft's. */
  about?: { kind: TicketAboutKind; id: string } | null | undefined;
  draft: boolean;
  ticketId?: number | undefined;
}

/**
 * Opens a ticket, saves the caller's draft, or sends it: the ticket, its first message and the author's
 * read mark in one batch. Returns the ticket's id. Files come only with a saved draft being sent: they are
 * kept under the ticket's id (decision 0032), which a new ticket does not have before its batch.
 */
export async function openTicket(
  context: DomainContext,
  reader: TicketReader,
  input: OpenTicket,
  files?: ReplyFiles,
): Promise<number> {
  const { db, d1 } = context;
  const body = storedBody(input.body);
  if (files?.checked.length && (input.ticketId === undefined || input.draft)) {
    throw badRequest("ticketFilesNeedDraft", "invalid_input", "attachments");
  }
  if (input.about && !(await ownsAbout(db, reader.userId, input.about))) throw notFound("noSuchTicketAbout");
  const fields = {
    subject: input.subject,
    label: input.label,
    ...(input.about !== undefined || input.ticketId === undefined
      ? { aboutKind: input.about?.kind ?? null, aboutId: input.about?.id ?? null }
      : {}),
    preview: htmlToPlainText(body),
    draft: input.draft ? 1 : 0,
  };
  if (input.ticketId !== undefined) {
    const ticketId = input.ticketId;
    const draft = await db
      .selectFrom("tickets")
      .select("ticketId")
      .where("ticketId", "=", ticketId)
      .where("userId", "=", reader.userId)
      .where("draft", "=", 1)
      .executeTakeFirst();
    if (!draft) throw notFound("noSuchTicket");
    const stored = files?.checked.length ? await storeAttachments(files.bucket, ticketId, files.checked) : [];
    try {
      await runBatch(d1, [
        db
          .updateTable("tickets")
          .set({ ...fields, ...(input.draft ? {} : { createdAt: NOW, lastMessageAt: NOW }) })
          .where("ticketId", "=", ticketId)
          .where("draft", "=", 1),
        db.updateTable("ticket_messages").set({ body, createdAt: NOW }).where("ticketId", "=", ticketId).where("seq", "=", 1),
        ...attachmentInserts(db, ticketId, stored),
      ]);
    } catch (error) {
      if (files) await dropStoredAttachments(files.bucket, stored).catch(() => undefined);
      throw error;
    }
    return ticketId;
  }
  const [created] = await runBatch<{ ticketId: number }>(d1, [
    db
      .insertInto("tickets")
      .values({ ...fields, userId: reader.userId, lastSeq: 1, publicSeq: 1 })
      .returning("ticketId"),
    db.insertInto("ticket_messages").values({
      ticketId: sql<number>`last_insert_rowid()`,
      seq: 1,
      authorId: reader.userId,
      staff: reader.staff ? 1 : 0,
      body,
    }),
    db.insertInto("ticket_states").values({
      userId: reader.userId,
      ticketId: sql<number>`(SELECT ticketId FROM ticket_messages WHERE messageId = last_insert_rowid())`,
      readSeq: 1,
      wrote: 1,
    }),
  ]);
  return created!.results[0]!.ticketId;
}

export interface NewReply {
  messageId: number;
  seq: number;
  body: string;
  createdAt: string;
  attachments: AttachmentView[];
}

/** A reply's files, checked (domain/support/attachments.ts) and stored in R2 once the reply may be written. */
export interface ReplyFiles {
  bucket: R2Bucket;
  checked: readonly CheckedUpload[];
}

/**
 * A reply: its seq is the thread's next, taken inside the batch (D1 runs a batch as one transaction,
 * and (ticketId, seq) is unique), so concurrent replies all land, in the order they ran. A client's
 * reply reopens a closed ticket; staff's first public reply marks the first response. Four rows (and
 * their index entries) at most: the message, the ticket, the author's read mark, the audit row; and a
 * row per file (decision 0032), whose objects are deleted again should the batch fail.
 */
export async function replyTicket(
  context: DomainContext,
  reader: TicketReader,
  input: { ticketId: number; body: string; internal: boolean },
  files?: ReplyFiles,
): Promise<NewReply> {
  const { db, d1 } = context;
  if (input.internal && !reader.staff) throw forbidden("ticketNotesStaffOnly");
  const ticket = await readableTicket(db, reader, input.ticketId);
  if (!ticket || ticket.draft === 1) throw notFound("noSuchTicket");
  const body = storedBody(input.body);
  const ticketId = ticket.ticketId;
  const lastSeq = sql<number>`(SELECT max(seq) FROM ticket_messages WHERE ticketId = ${ticketId})`;
  const publicReply = !input.internal;
  // Only a client's answer to a closed ticket changes its status (it reopens): a reply that leaves the status
  // alone leaves tickets_unclosed alone, which keeps a reply within its 10 rows written.
  const reopens = !reader.staff && ticket.status === "closed";
  const statements = [
    db
      .insertInto("ticket_messages")
      .columns(["ticketId", "seq", "authorId", "staff", "internal", "body"])
      .expression(
        db
          .selectFrom("ticket_messages")
          .select([
            sql<number>`${ticketId}`.as("ticketId"),
            sql<number>`coalesce(max(seq), 0) + 1`.as("seq"),
            sql<number>`${reader.userId}`.as("authorId"),
            sql<number>`${reader.staff ? 1 : 0}`.as("staff"),
            sql<number>`${input.internal ? 1 : 0}`.as("internal"),
            sql<string>`${body}`.as("body"),
          ])
          .where("ticketId", "=", ticketId),
      )
      .returning(["messageId", "seq", "body", "createdAt"]),
    db
      .updateTable("tickets")
      .set({
        lastSeq,
        lastMessageAt: NOW,
        ...(publicReply ? { publicSeq: lastSeq, preview: htmlToPlainText(body) } : {}),
        ...(reopens ? { status: "open" as const } : {}),
        // Named only by staff's first answer: every SET of it would write tickets_opened again.
        ...(publicReply && reader.staff && !ticket.firstResponseAt ? { firstResponseAt: NOW } : {}),
      })
      .where("ticketId", "=", ticketId),
    db
      .insertInto("ticket_states")
      .values({ userId: reader.userId, ticketId, readSeq: lastSeq, wrote: 1 })
      .onConflict((oc) => oc.columns(["userId", "ticketId"]).doUpdateSet({ readSeq: lastSeq, wrote: 1 })),
    ...(reader.staff
      ? [audit(context, { action: input.internal ? "ticket-note" : "ticket-reply", subject: "Ticket", subjectId: ticketId })]
      : []),
  ];
  const stored = files?.checked.length ? await storeAttachments(files.bucket, ticketId, files.checked) : [];
  try {
    const results = await runBatch(d1, [...statements, ...attachmentInserts(db, ticketId, stored)]);
    const reply = results[0]!.results[0] as Omit<NewReply, "attachments">;
    const attachments = results.slice(statements.length).map((result) => result.results[0] as unknown as AttachmentView);
    return { ...reply, attachments };
  } catch (error) {
    if (files) await dropStoredAttachments(files.bucket, stored).catch(() => undefined);
    throw error;
  }
}

export interface TicketChange {
  ticketId: number;
  status?: TicketStatus | undefined;
  label?: TicketLabel | undefined;
  assigneeId?: number | null | undefined;
  starred?: boolean | undefined;
  folder?: TicketFolderState | undefined;
  read?: boolean | undefined;
}

/** Whether a user may answer tickets: an unconditioned `manage Ticket` (or `manage all`) in their role. */
export async function isStaffUser(db: DB, userId: number): Promise<boolean> {
  const found = await db
    .selectFrom("users as u")
    .innerJoin("roles as r", "r.roleName", "u.userRole")
    .innerJoin("role_rules as rr", "rr.roleId", "r.roleId")
    .select("u.userId")
    .where("u.userId", "=", userId)
    .where("u.deletedAt", "is", null)
    .where("rr.action", "=", "manage")
    .where("rr.subject", "in", ["Ticket", "all"])
    .where("rr.inverted", "=", 0)
    .where("rr.conditions", "is", null)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * update-ticket: staff change status, label and assignee (with an audit row); the owner may only close.
 * Starred, folder and read are the caller's own marks, for anyone who may read the ticket.
 */
export async function updateTicket(context: DomainContext, reader: TicketReader, change: TicketChange): Promise<void> {
  const { db, d1 } = context;
  const ticket = await readableTicket(db, reader, change.ticketId);
  if (!ticket || ticket.draft === 1) throw notFound("noSuchTicket");
  if (!reader.staff) {
    if (change.label !== undefined || change.assigneeId !== undefined) throw forbidden("ticketStaffOnly");
    if (change.status !== undefined && change.status !== "closed") throw forbidden("ticketOwnerMayOnlyClose");
  }
  if (typeof change.assigneeId === "number" && !(await isStaffUser(db, change.assigneeId))) {
    throw badRequest("ticketAssigneeNotStaff", "invalid_input", "assigneeId");
  }
  const fields = {
    ...(change.status !== undefined ? { status: change.status } : {}),
    ...(change.label !== undefined ? { label: change.label } : {}),
    ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
  };
  const seen = reader.staff ? sql<number>`t.lastSeq` : sql<number>`t.publicSeq`;
  const readSeq =
    change.read === undefined
      ? undefined
      : change.read
        ? sql<number>`(SELECT ${seen} FROM tickets t WHERE t.ticketId = ${ticket.ticketId})`
        : sql<number>`0`;
  const marks = {
    ...(change.starred !== undefined ? { starred: change.starred ? 1 : 0 } : {}),
    ...(change.folder !== undefined ? { folder: change.folder } : {}),
    ...(readSeq !== undefined ? { readSeq } : {}),
  };
  const statements = [];
  if (Object.keys(fields).length > 0) {
    statements.push(db.updateTable("tickets").set(fields).where("ticketId", "=", ticket.ticketId));
    if (reader.staff) {
      const detail = { ...fields };
      statements.push(audit(context, { action: "update-ticket", subject: "Ticket", subjectId: ticket.ticketId, detail }));
    }
  }
  if (Object.keys(marks).length > 0) {
    statements.push(
      db
        .insertInto("ticket_states")
        .values({ userId: reader.userId, ticketId: ticket.ticketId, ...marks })
        .onConflict((oc) => oc.columns(["userId", "ticketId"]).doUpdateSet(marks)),
    );
  }
  if (statements.length === 0) throw badRequest("ticketNothingToChange", "nothing_to_change");
  await runBatch(d1, statements);
}
