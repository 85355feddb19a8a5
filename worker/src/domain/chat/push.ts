import { sql } from "kysely";
import type { DB } from "../../db";
import type { TicketReader } from "../support/tickets";
import type { ChatEvent } from "../../contract/chat";
import type { ChatPush, ConversationRoom } from "./room";

/** The rooms' namespace (wrangler.toml CHAT_ROOMS): one ConversationRoom per ticket. */
export type ChatRooms = DurableObjectNamespace<ConversationRoom>;

/** A message as ticket-detail answers it. */
type ChatMessage = Extract<ChatEvent, { type: "message" }>["message"];

export const roomOf = (rooms: ChatRooms, ticketId: number) => rooms.get(rooms.idFromName(String(ticketId)));

/** A committed reply to the ticket's open pages: an internal note reaches staff's sockets only. */
export function pushReply(rooms: ChatRooms, ticketId: number, message: ChatMessage): Promise<void> {
  const event: ChatEvent = { type: "message", message };
  return roomOf(rooms, ticketId).push({ staff: event, client: message.internal ? null : event });
}

/**
 * A reader's committed read mark to the ticket's open pages. Clients get it capped at `publicSeq`: a staff
 * mark past it would tell that notes exist after the last message they may see.
 */
export async function pushRead(db: DB, rooms: ChatRooms, reader: TicketReader, ticketId: number): Promise<void> {
  const found = await db
    .selectFrom("tickets as t")
    .leftJoin("ticket_states as s", (join) => join.onRef("s.ticketId", "=", "t.ticketId").on("s.userId", "=", reader.userId))
    .select([sql<number>`coalesce(s.readSeq, 0)`.as("readSeq"), "t.publicSeq"])
    .where("t.ticketId", "=", ticketId)
    .executeTakeFirst();
  if (!found) return;
  const staff = reader.staff;
  const push: ChatPush = {
    staff: { type: "read", staff, seq: found.readSeq },
    client: { type: "read", staff, seq: Math.min(found.readSeq, found.publicSeq) },
  };
  await roomOf(rooms, ticketId).push(push);
}

/**
 * chat-seen: the other side's read mark. For staff, the client's own mark. For the client, the furthest mark
 * of the staff who wrote in the ticket or are assigned to it (each a key lookup: marks have no index by
 * ticket, which would cost every reply a row written), capped at `publicSeq`.
 */
export async function seenByOtherSide(db: DB, reader: TicketReader, ticket: { ticketId: number; userId: number }) {
  if (reader.staff) {
    const mark = await db
      .selectFrom("ticket_states")
      .select("readSeq")
      .where("userId", "=", ticket.userId)
      .where("ticketId", "=", ticket.ticketId)
      .executeTakeFirst();
    return mark?.readSeq ?? 0;
  }
  const staffIds = db
    .selectFrom("ticket_messages")
    .select("authorId")
    .where("ticketId", "=", ticket.ticketId)
    .where("staff", "=", 1)
    .where("authorId", "is not", null)
    .union(db.selectFrom("tickets").select("assigneeId as authorId").where("ticketId", "=", ticket.ticketId))
    .$castTo<{ authorId: number }>();
  const mark = await db
    .selectFrom("ticket_states as s")
    .innerJoin("tickets as t", "t.ticketId", "s.ticketId")
    .select(sql<number>`coalesce(max(min(s.readSeq, t.publicSeq)), 0)`.as("seenSeq"))
    .where("s.ticketId", "=", ticket.ticketId)
    .where("s.userId", "in", staffIds)
    .executeTakeFirst();
  return mark?.seenSeq ?? 0;
}

/** What runs work after the answer (the request's ExecutionContext). */
interface Later {
  waitUntil(promise: Promise<unknown>): void;
}

const logPushFailure = (error: unknown) => console.error("chat push failed", String(error));

/**
 * The hooks reply-ticket and update-ticket call once D1 committed (D1 stays the record): they run after the
 * answer, and a room that cannot be reached loses only the live push (pages poll while their socket is down).
 */
export function chatAfterReply(later: Later, rooms: ChatRooms, ticketId: number, message: ChatMessage) {
  later.waitUntil(pushReply(rooms, ticketId, message).catch(logPushFailure));
}

export function chatAfterRead(later: Later, db: DB, rooms: ChatRooms, reader: TicketReader, ticketId: number) {
  later.waitUntil(pushRead(db, rooms, reader, ticketId).catch(logPushFailure));
}
