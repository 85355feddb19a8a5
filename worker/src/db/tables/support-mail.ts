import type { ColumnType, Generated } from "kysely";

/** A mail that became a ticket reply, by its Message-ID (migration 0390): a redelivery adds nothing. */
export interface TicketMailInTable {
  mailMessageId: string;
  ticketId: number;
  receivedAt: ColumnType<string, string | undefined, string>;
}

export type CannedReplyLanguage = "en" | "fr" | "ar";

/** A canned reply: a named text staff insert into the reply editor, per language (migration 0390). */
export interface CannedRepliesTable {
  cannedReplyId: Generated<number>;
  language: CannedReplyLanguage;
  name: string;
  body: string;
  updatedAt: ColumnType<string, string | undefined, string>;
}

declare module "../schema" {
  interface Database {
    ticket_mail_in: TicketMailInTable;
    canned_replies: CannedRepliesTable;
  }
}
