import type { ColumnType, Generated } from "kysely";

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The tables whose old rows move to R2 (migration 0340, decision 0025). */
export type ArchivedTable = "history" | "outbox" | "audit_log" | "notifications";

/** A chunk of one table's month in R2; pending until the batch that deletes its rows lands. */
export interface ArchiveChunksTable {
  chunkId: Generated<number>;
  chunkKey: string;
  tableName: ArchivedTable;
  month: string;
  rowIds: Defaulted<string>;
  rowCount: Defaulted<number>;
  state: Defaulted<"pending" | "done">;
  createdAt: Defaulted<string>;
}

/** An archived job, by its owner. */
export interface ArchiveJobsTable {
  userId: number;
  uniqueId: string;
  chunkId: number;
}

/** A person ('u:<id>' or 'e:<address>') with rows in a chunk of outbox, audit_log or notifications. */
export interface ArchivePeopleTable {
  personKey: string;
  chunkId: number;
}

/** A closed account whose archived rows are still to be erased. */
export interface ArchiveErasuresTable {
  userId: number;
  userEmail: string;
  createdAt: Defaulted<string>;
}

export interface ArchiveMovingTable {
  moving: number;
}

declare module "../schema" {
  interface Database {
    archive_chunks: ArchiveChunksTable;
    archive_jobs: ArchiveJobsTable;
    archive_people: ArchivePeopleTable;
    archive_erasures: ArchiveErasuresTable;
    archive_moving: ArchiveMovingTable;
  }
}
