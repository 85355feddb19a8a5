export const SEARCH_OUTBOX = "search-outbox";

export interface OutboxRow {
  mailId: number;
  toEmail: string;
  mailKind: string;
  mailSubject: string;
  /** Null for those who may read the outbox but not manage it: bodies hold one-time links. */
  mailBody: string | null;
  status: "queued" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}
