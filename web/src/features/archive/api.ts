import { api, type CallAnswer, type CallInput } from "../../lib/api";

export type ArchiveAnswer = CallAnswer<"search-archive">;
export type ArchivedRow = ArchiveAnswer["rows"][number];
export type ArchivedTable = Exclude<NonNullable<CallInput<"search-archive">["table"]>, "" | null>;

/** The archived tables, in the order the picker offers them (every table the API takes). */
const TABLES: Record<ArchivedTable, true> = { history: true, outbox: true, audit_log: true, notifications: true };
export const ARCHIVED_TABLES = Object.keys(TABLES) as ArchivedTable[];

export interface ArchiveQuery {
  table: ArchivedTable;
  month: string;
  q: string;
  after?: number;
}

export const archiveKey = (query: ArchiveQuery) => ["search-archive", query.table, query.month, query.q] as const;
export const searchArchive = (query: ArchiveQuery) =>
  api("search-archive", {
    table: query.table,
    q: query.q,
    ...(query.month ? { month: query.month } : {}),
    ...(query.after ? { after: query.after } : {}),
  });
