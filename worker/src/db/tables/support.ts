import type { ColumnType, Generated } from "kysely";

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type TicketLabel = "payment" | "job" | "account" | "other";
export type TicketStatus = "open" | "pending" | "closed";
export type TicketAboutKind = "payment" | "job" | "invoice";
export type TicketFolderState = "inbox" | "spam" | "trash";

/** A support ticket: one client's thread with staff (migration 0240). */
export interface TicketsTable {
  ticketId: Generated<number>;
  userId: number;
  subject: string;
  label: Defaulted<TicketLabel>;
  status: Defaulted<TicketStatus>;
  draft: Defaulted<number>;
  aboutKind: TicketAboutKind | null;
  aboutId: string | null;
  assigneeId: number | null;
  lastSeq: Defaulted<number>;
  publicSeq: Defaulted<number>;
  preview: Defaulted<string>;
  lastMessageAt: Defaulted<string>;
  firstResponseAt: string | null;
  createdAt: Defaulted<string>;
}

/** A reply in a ticket's thread; `internal` ones are staff notes. */
export interface TicketMessagesTable {
  messageId: Generated<number>;
  ticketId: number;
  seq: number;
  authorId: number | null;
  staff: number;
  internal: Defaulted<number>;
  body: string;
  createdAt: Defaulted<string>;
}

/** One reader's folder, star and read mark of a ticket. */
export interface TicketStatesTable {
  userId: number;
  ticketId: number;
  folder: Defaulted<TicketFolderState>;
  starred: Defaulted<number>;
  readSeq: Defaulted<number>;
  wrote: Defaulted<number>;
}

// The feature's tables join the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    tickets: TicketsTable;
    ticket_messages: TicketMessagesTable;
    ticket_states: TicketStatesTable;
  }
}
