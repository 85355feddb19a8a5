import { readJsonLines, putJsonLines } from "./jsonl";
import { chunksOfPerson } from "./read";
import { ARCHIVED_TABLES, emailPersonKey, userKey, type ArchivedRow, type ErasedPerson } from "./tables";

/** Chunks rewritten per erasure per call: the rest waits for the next cron run. */
export const ERASE_CHUNKS = 50;

const fileKeysOf = (rows: ArchivedRow[], userId: number) =>
  rows
    .filter((row) => row.userId === userId)
    .flatMap((row) => [row.fileKey, row.reportKey])
    .filter((key): key is string => typeof key === "string" && key !== "");

/**
 * Erases a closed account from the archive as closing it does in D1 (decision 0025): each month object that
 * holds the person's rows is rewritten without them (mail and notifications go, jobs lose their file names,
 * audit rows the address and IP), then their job files leave R2. Idempotent: a chunk rewritten twice is the
 * same. With none left, the erasure (which holds the address) is forgotten; otherwise the cron goes on.
 * Answers whether chunks are left.
 */
export async function eraseArchivedPerson(
  d1: D1Database,
  bucket: R2Bucket,
  person: ErasedPerson,
  limit = ERASE_CHUNKS,
): Promise<boolean> {
  const chunks = await chunksOfPerson(d1, person.userId, person.userEmail);
  for (const chunk of chunks.slice(0, limit)) {
    const rows = (await readJsonLines(bucket, chunk.chunkKey)) ?? [];
    const files = chunk.tableName === "history" ? fileKeysOf(rows, person.userId) : [];
    const kept = rows
      .map((row) => ARCHIVED_TABLES[chunk.tableName].erase(row, person))
      .filter((row): row is ArchivedRow => row !== null);
    await putJsonLines(bucket, chunk.chunkKey, kept);
    if (files.length > 0) await bucket.delete(files);
    await d1.batch([
      d1.prepare("DELETE FROM archive_jobs WHERE userId = ?1 AND chunkId = ?2").bind(person.userId, chunk.chunkId),
      d1
        .prepare("DELETE FROM archive_people WHERE personKey IN (?1, ?2) AND chunkId = ?3")
        .bind(userKey(person.userId), emailPersonKey(person.userEmail), chunk.chunkId),
      d1.prepare("UPDATE archive_chunks SET rowCount = ?2 WHERE chunkId = ?1").bind(chunk.chunkId, kept.length),
    ]);
  }
  const left = chunks.length > limit;
  if (!left) await d1.prepare("DELETE FROM archive_erasures WHERE userId = ?1").bind(person.userId).run();
  return left;
}

/** The cron's share: the erasures a closure could not finish, each taken further. */
export async function runArchiveErasures(d1: D1Database, bucket: R2Bucket): Promise<number> {
  const { results } = await d1
    .prepare("SELECT userId, userEmail FROM archive_erasures ORDER BY userId LIMIT 20")
    .all<ErasedPerson>();
  for (const erasure of results) await eraseArchivedPerson(d1, bucket, erasure);
  return results.length;
}
