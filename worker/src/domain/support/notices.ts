import { sql } from "kysely";
import { supportAddress } from "../../auth/support-mail-token";
import { prepare, runBatch, type DB } from "../../db";
import type { Portal } from "../context";
import { notificationInsert, notificationMail, type NewNotification } from "../notifications/notify";
import { queueMail } from "../outbox/queue";
import { htmlToMailText } from "./html";

/** Where a reply's mail says to answer: the ticket's signed address, when both settings are there. */
export interface SupportMail {
  /** SUPPORT_MAIL_SECRET: signs each ticket's address; empty, mails name no Reply-To and mail-in refuses all. */
  secret: string;
  /** SUPPORT_MAIL_DOMAIN: the domain whose `support+…` addresses Email Routing sends to the Worker. */
  domain: string;
}

/** A reply just written, as its notices name it. */
export interface RepliedMessage {
  ticketId: number;
  seq: number;
  authorId: number;
  authorName: string;
  staff: boolean;
  internal: boolean;
  /** The stored (sanitised) HTML. */
  body: string;
}

/** Staff told of a client's reply on an unassigned ticket, at most (the desk's list has the rest). */
const STAFF_NOTICES_MAX = 50;

interface Recipient {
  userId: number;
  email: string;
  name: string;
  language: string;
}

/** Live accounts that may answer tickets: an unconditioned `manage Ticket` or `manage all`. */
function staffUsers(db: DB) {
  return db
    .selectFrom("users as u")
    .innerJoin("roles as r", "r.roleName", "u.userRole")
    .innerJoin("role_rules as rr", "rr.roleId", "r.roleId")
    .select(["u.userId", "u.userEmail as email", "u.userName as name", "u.mailLanguage as language"])
    .distinct()
    .where("u.deletedAt", "is", null)
    .where("rr.action", "=", "manage")
    .where("rr.subject", "in", ["Ticket", "all"])
    .where("rr.inverted", "=", 0)
    .where("rr.conditions", "is", null);
}

/**
 * Who a reply is for. Staff's public reply: the ticket's client. A client's reply: the assignee, or every
 * staff member while nobody is assigned (someone must see it; the first to answer can take it). A note:
 * nobody, and never the client.
 */
async function recipientsOf(db: DB, reply: RepliedMessage): Promise<{ subject: string; to: Recipient[] }> {
  const ticket = await db
    .selectFrom("tickets as t")
    .innerJoin("users as u", "u.userId", "t.userId")
    .select([
      "t.subject",
      "t.assigneeId",
      "u.deletedAt",
      "u.userId",
      "u.userEmail as email",
      "u.userName as name",
      "u.mailLanguage as language",
    ])
    .where("t.ticketId", "=", reply.ticketId)
    .executeTakeFirst();
  if (!ticket || reply.internal) return { subject: ticket?.subject ?? "", to: [] };
  const { subject, assigneeId, deletedAt, ...client } = ticket;
  if (reply.staff) return { subject, to: deletedAt ? [] : [client] };
  const staff = assigneeId === null ? staffUsers(db) : staffUsers(db).where("u.userId", "=", assigneeId);
  const to = await staff.where("u.userId", "<>", reply.authorId).orderBy("u.userId").limit(STAFF_NOTICES_MAX).execute();
  return { subject, to };
}

/**
 * A reply's bell notices and mails (decision 0030): one batch after the reply's own, so the reply keeps
 * its 10 rows written. Each mail is queued only where its notice is new, so a reply is announced once;
 * it carries the reply's text and, with mail-in configured, the ticket's signed address as Reply-To.
 * Answers how many were told.
 */
export async function sendReplyNotices(
  db: DB,
  d1: D1Database,
  portal: Portal,
  mail: SupportMail,
  reply: RepliedMessage,
): Promise<number> {
  const { subject, to } = await recipientsOf(db, reply);
  if (to.length === 0) return 0;
  const replyTo = mail.secret && mail.domain ? await supportAddress(mail.secret, mail.domain, reply.ticketId) : undefined;
  const text = htmlToMailText(reply.body);
  const statements = to.flatMap((recipient) => {
    const notification: NewNotification<"ticket-reply"> = {
      userId: recipient.userId,
      kind: "ticket-reply",
      occasion: `ticket-reply:${reply.ticketId}:${reply.seq}`,
      params: { ticketId: reply.ticketId, subject, author: reply.authorName, text },
      link: `/apps/email/inbox?ticket=${reply.ticketId}`,
    };
    const message = notificationMail(portal, recipient, notification, null);
    return [
      prepare(d1, notificationInsert(db, notification)),
      prepare(d1, queueMail(db, replyTo ? { ...message, replyTo } : message, sql<boolean>`changes() = 1`)),
    ];
  });
  await runBatch(d1, statements);
  return to.length;
}
