import type { ArchivedTable } from "../../db/tables/archive";
import { readJsonLines } from "./jsonl";
import { emailPersonKey, userKey, type ArchivedRow } from "./tables";

export interface ChunkRef {
  chunkId: number;
  chunkKey: string;
  tableName: ArchivedTable;
}

/** Every chunk holding rows of the user: their jobs, notifications, audit rows by or about them, mail to them. */
export async function chunksOfPerson(d1: D1Database, userId: number, email: string | null): Promise<ChunkRef[]> {
  const { results } = await d1
    .prepare(
      `SELECT chunkId, chunkKey, tableName FROM archive_chunks WHERE chunkId IN (
         SELECT chunkId FROM archive_jobs WHERE userId = ?1
         UNION SELECT chunkId FROM archive_people WHERE personKey IN (?2, ?3)) ORDER BY chunkId`,
    )
    .bind(userId, userKey(userId), email === null ? userKey(userId) : emailPersonKey(email))
    .all<ChunkRef>();
  return results;
}

export interface ArchivedOfUser {
  jobs: ArchivedRow[];
  audit: ArchivedRow[];
  notifications: ArchivedRow[];
}

const aboutUser = (row: ArchivedRow, userId: number) =>
  row.actorId === userId || ((row.subject === "User" || row.subject === "Quota") && row.subjectId === String(userId));

/** The user's archived rows that export-my-data includes, oldest first (one R2 read per chunk). */
export async function archivedRowsOf(d1: D1Database, bucket: R2Bucket, userId: number): Promise<ArchivedOfUser> {
  const found: ArchivedOfUser = { jobs: [], audit: [], notifications: [] };
  const chunks = (await chunksOfPerson(d1, userId, null)).filter((chunk) => chunk.tableName !== "outbox");
  const contents = await Promise.all(chunks.map(async (chunk) => ({ chunk, rows: await readJsonLines(bucket, chunk.chunkKey) })));
  for (const { chunk, rows } of contents) {
    for (const row of rows ?? []) {
      if (chunk.tableName === "history" && row.userId === userId) found.jobs.push(row);
      if (chunk.tableName === "notifications" && row.userId === userId) found.notifications.push(row);
      if (chunk.tableName === "audit_log" && aboutUser(row, userId)) found.audit.push(row);
    }
  }
  return found;
}

/** An archived job of its owner, found by its uniqueId (null when the owner has no such job in R2). */
export async function findArchivedJob(
  d1: D1Database,
  bucket: R2Bucket,
  userId: number,
  uniqueId: string,
): Promise<ArchivedRow | null> {
  const chunk = await d1
    .prepare(
      "SELECT c.chunkKey FROM archive_jobs j JOIN archive_chunks c ON c.chunkId = j.chunkId WHERE j.userId = ?1 AND j.uniqueId = ?2",
    )
    .bind(userId, uniqueId)
    .first<{ chunkKey: string }>();
  if (!chunk) return null;
  const rows = await readJsonLines(bucket, chunk.chunkKey);
  return rows?.find((row) => row.uniqueId === uniqueId && row.userId === userId) ?? null;
}
