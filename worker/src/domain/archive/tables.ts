import type { ArchivedTable } from "../../db/tables/archive";

/** A row as D1 answers it and as one line of an archive object holds it. */
export type ArchivedRow = Record<string, unknown>;

/** A closed account whose archived rows are erased. */
export interface ErasedPerson {
  userId: number;
  userEmail: string;
}

interface TableSpec {
  /** The integer primary key: ids grow with time, so the oldest rows come first. */
  id: string;
  /** SQL: the rows that are done changing (a queued job or mail stays in D1 however old). */
  finished: string;
  /** The archive_people keys of a row (history's owner is in archive_jobs instead). */
  people: (row: ArchivedRow) => string[];
  /** The row once the person is erased (as closing the account does in D1), or null when it goes. */
  erase: (row: ArchivedRow, person: ErasedPerson) => ArchivedRow | null;
}

export const userKey = (userId: number) => `u:${userId}`;
export const emailPersonKey = (email: string) => `e:${email.toLowerCase()}`;

const sameEmail = (a: unknown, b: string) => typeof a === "string" && a.toLowerCase() === b.toLowerCase();

/** The archived tables, in the order a run takes them. Names here are constants, never input. */
export const ARCHIVED_TABLES: Record<ArchivedTable, TableSpec> = {
  history: {
    id: "historyId",
    finished: "status <> 0",
    people: () => [],
    // Jobs keep their figures; the file names go with the files (domain/users/closure.ts).
    erase: (row, { userId }) =>
      row.userId === userId ? { ...row, fileName: "", fileKey: "", reportName: null, reportKey: null } : row,
  },
  outbox: {
    id: "mailId",
    finished: "status <> 'queued'",
    people: (row) => (typeof row.toEmail === "string" ? [emailPersonKey(row.toEmail)] : []),
    erase: (row, { userEmail }) => (sameEmail(row.toEmail, userEmail) ? null : row),
  },
  audit_log: {
    id: "auditId",
    finished: "1",
    people: (row) => {
      const keys = typeof row.actorId === "number" ? [userKey(row.actorId)] : [];
      if ((row.subject === "User" || row.subject === "Quota") && /^\d+$/.test(String(row.subjectId))) {
        keys.push(userKey(Number(row.subjectId)));
      }
      return [...new Set(keys)];
    },
    erase: (row, { userId, userEmail }) => {
      const detail = String(row.detail ?? "")
        .split(userEmail)
        .join("");
      return row.actorId === userId ? { ...row, actorEmail: "", ip: "", detail } : { ...row, detail };
    },
  },
  notifications: {
    id: "notificationId",
    finished: "1",
    people: (row) => (typeof row.userId === "number" ? [userKey(row.userId)] : []),
    erase: (row, { userId }) => (row.userId === userId ? null : row),
  },
};

export const ARCHIVED_TABLE_NAMES = Object.keys(ARCHIVED_TABLES) as ArchivedTable[];

/**
 * The R2 key of a chunk: the table, the month of its rows, its id range and when it was started (SQLite gives
 * a deleted highest id again, so a range alone could name two chunks).
 */
export const chunkKeyOf = (table: ArchivedTable, month: string, firstId: number, lastId: number, startedAt: Date) =>
  `archive/${table}/${month}/${firstId}-${lastId}-${startedAt.getTime().toString(36)}.jsonl.gz`;

/** The YYYY-MM of a row's createdAt. */
export const monthOf = (row: ArchivedRow) => String(row.createdAt).slice(0, 7);
