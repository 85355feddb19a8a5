import type { ColumnType, Generated } from "kysely";

/** A file of a ticket's message, kept in R2 (migration 0420). */
export interface TicketAttachmentsTable {
  attachmentId: Generated<number>;
  ticketId: number;
  messageId: number;
  name: string;
  /** The content type its bytes were recognised as. */
  type: string;
  size: number;
  fileKey: string;
  createdAt: ColumnType<string, string | undefined, string>;
}

// The feature's table joins the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    ticket_attachments: TicketAttachmentsTable;
  }
}
