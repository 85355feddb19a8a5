import type { RowOf } from "../../db/rows";
import { sql, type Expression, type SqlBool } from "kysely";
import { row, type AppAbility } from "../../auth/ability";
import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import { likeAnywhere } from "../../db";
import type { TicketAboutKind, TicketFolderState, TicketLabel, TicketStatus } from "../../db/tables/support";

/** Who reads the support desk: staff (`manage Ticket` on any row) see every ticket and its notes; a client their own. */
export interface TicketReader {
  userId: number;
  staff: boolean;
}

export function ticketReader(ability: AppAbility, userId: number): TicketReader {
  return { userId, staff: ability.can("manage", row("Ticket", { userId: -1 })) };
}

/** A ticket as the list and the thread show it, for one reader. */
export interface TicketView {
  ticketId: number;
  userId: number;
  userName: string;
  subject: string;
  label: TicketLabel;
  status: TicketStatus;
  draft: boolean;
  about: { kind: TicketAboutKind; id: string } | null;
  assigneeId: number | null;
  assigneeName: string | null;
  preview: string;
  folder: TicketFolderState;
  starred: boolean;
  unread: boolean;
  lastMessageAt: string;
  createdAt: string;
}

/** A ticket as `selectTickets` reads it. */
export type TicketRow = RowOf<typeof selectTickets>;

export function ticketView(r: TicketRow): TicketView {
  const { aboutKind, aboutId, draft, starred, unread, firstResponseAt: _internal, ...rest } = r;
  return {
    ...rest,
    draft: draft === 1,
    starred: starred === 1,
    unread: unread === 1,
    about: aboutKind && aboutId ? { kind: aboutKind, id: aboutId } : null,
  };
}

/** The last seq a reader may see: a client never counts a staff note as unread. */
const seenSeq = (reader: TicketReader) => (reader.staff ? sql.ref("t.lastSeq") : sql.ref("t.publicSeq"));

/** Tickets with their owner, assignee and the reader's own marks (a missing mark row: inbox, unstarred, unread). */
export function selectTickets(db: DB, reader: TicketReader) {
  return db
    .selectFrom("tickets as t")
    .innerJoin("users as u", "u.userId", "t.userId")
    .leftJoin("users as a", "a.userId", "t.assigneeId")
    .leftJoin("ticket_states as s", (join) => join.onRef("s.ticketId", "=", "t.ticketId").on("s.userId", "=", reader.userId))
    .select([
      "t.ticketId",
      "t.userId",
      "u.userName",
      "t.subject",
      "t.label",
      "t.status",
      "t.draft",
      "t.aboutKind",
      "t.aboutId",
      "t.assigneeId",
      "a.userName as assigneeName",
      "t.preview",
      sql<TicketFolderState>`coalesce(s.folder, 'inbox')`.as("folder"),
      sql<number>`coalesce(s.starred, 0)`.as("starred"),
      sql<number>`${seenSeq(reader)} > coalesce(s.readSeq, 0)`.as("unread"),
      "t.lastMessageAt",
      "t.firstResponseAt",
      "t.createdAt",
    ]);
}

/** The tickets a reader may see at all: a client's own; staff every sent ticket. Drafts are their author's alone. */
function visible(reader: TicketReader, draft: boolean): Expression<SqlBool> {
  const isDraft = sql<SqlBool>`t.draft = ${draft ? 1 : 0}`;
  if (!reader.staff || draft) return sql<SqlBool>`t.userId = ${reader.userId} AND ${isDraft}`;
  return isDraft;
}

/** A ticket the reader may see (drafts only their author's), or undefined: another client's ticket does not exist for them. */
export async function readableTicket(db: DB, reader: TicketReader, ticketId: number): Promise<TicketRow | undefined> {
  const found = (await selectTickets(db, reader)
    .where("t.ticketId", "=", ticketId)
    .where((eb) => eb.or([visible(reader, false), visible(reader, true)]))
    .executeTakeFirst()) as TicketRow | undefined;
  return found;
}

export interface TicketFilter {
  folder: "inbox" | "sent" | "draft" | "starred" | "spam" | "trash";
  label?: TicketLabel | undefined;
  status?: TicketStatus | undefined;
  search: string;
}

/** What one folder holds, for a reader (whose marks `s` are). */
function inFolder(folder: TicketFilter["folder"]): Expression<SqlBool> {
  switch (folder) {
    case "inbox":
      return sql<SqlBool>`coalesce(s.folder, 'inbox') = 'inbox'`;
    case "spam":
    case "trash":
      return sql<SqlBool>`s.folder = ${folder}`;
    case "starred":
      return sql<SqlBool>`s.starred = 1`;
    case "sent":
      return sql<SqlBool>`s.wrote = 1`;
    case "draft":
      return sql<SqlBool>`1`;
  }
}

/** The unread tickets of each folder a count is shown for, over the reader's newest 1,000 (the read budget). */
function unreadCounts(db: DB, reader: TicketReader) {
  const recent = db
    .selectFrom("tickets as t")
    .leftJoin("ticket_states as s", (join) => join.onRef("s.ticketId", "=", "t.ticketId").on("s.userId", "=", reader.userId))
    .select([
      sql<string>`coalesce(s.folder, 'inbox')`.as("folder"),
      sql<number>`coalesce(s.starred, 0)`.as("starred"),
      sql<number>`${seenSeq(reader)} > coalesce(s.readSeq, 0)`.as("unread"),
    ])
    .where(visible(reader, false))
    .orderBy("t.lastMessageAt", "desc")
    .limit(sql.lit(1000));
  return db
    .selectFrom(recent.as("r"))
    .select([
      sql<number>`coalesce(sum(r.unread AND r.folder = 'inbox'), 0)`.as("inbox"),
      sql<number>`coalesce(sum(r.unread AND r.starred = 1), 0)`.as("starred"),
      sql<number>`coalesce(sum(r.unread AND r.folder = 'spam'), 0)`.as("spam"),
      sql<number>`coalesce(sum(r.unread AND r.folder = 'trash'), 0)`.as("trash"),
    ]);
}

/** search-ticket as a list (decision 0007): latest activity first, with the folders' unread counts in the same batch. */
export function ticketList(
  db: DB,
  reader: TicketReader,
  filter: TicketFilter,
): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = selectTickets(db, reader)
    .where(visible(reader, filter.folder === "draft"))
    .where(inFolder(filter.folder));
  if (filter.label) query = query.where("t.label", "=", filter.label);
  if (filter.status) query = query.where("t.status", "=", filter.status);
  if (filter.search) {
    const like = likeAnywhere(filter.search);
    query = query.where(sql<SqlBool>`(t.subject LIKE ${like} ESCAPE '\\' OR t.preview LIKE ${like} ESCAPE '\\')`);
  }
  return {
    query,
    order: [
      [sql`t.lastMessageAt`, "desc"],
      [sql`t.ticketId`, "desc"],
    ],
    with: [unreadCounts(db, reader)],
  };
}

/** A thread's messages in order; internal notes only for staff. */
export function ticketMessages(db: DB, reader: TicketReader, ticketId: number) {
  let query = db
    .selectFrom("ticket_messages as m")
    .leftJoin("users as u", "u.userId", "m.authorId")
    .select([
      "m.messageId",
      "m.seq",
      "m.authorId",
      sql<string>`coalesce(u.userName, '')`.as("userName"),
      "m.staff",
      "m.body",
      "m.internal",
      "m.createdAt",
    ])
    .where("m.ticketId", "=", ticketId)
    .orderBy("m.seq", "asc");
  if (!reader.staff) query = query.where("m.internal", "=", 0);
  return query;
}

/** A message as `ticketMessages` reads it. */
export type MessageRow = RowOf<typeof ticketMessages>;

export function messageView(m: MessageRow) {
  return {
    messageId: m.messageId,
    seq: m.seq,
    author: { userId: m.authorId, userName: m.userName, staff: m.staff === 1 },
    body: m.body,
    internal: m.internal === 1,
    createdAt: m.createdAt,
  };
}
