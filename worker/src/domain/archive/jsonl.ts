import type { ArchivedRow } from "./tables";

/** Rows as gzip-compressed JSON Lines (one JSON object per line), made with the runtime's CompressionStream. */
export async function gzipJsonLines(rows: ArchivedRow[]): Promise<ArrayBuffer> {
  const text = rows.map((row) => JSON.stringify(row)).join("\n") + (rows.length ? "\n" : "");
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

/** The rows of an archive object (null when the object is gone). */
export async function readJsonLines(bucket: R2Bucket, key: string): Promise<ArchivedRow[] | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const text = await new Response(object.body.pipeThrough(new DecompressionStream("gzip"))).text();
  return text
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as ArchivedRow);
}

export const putJsonLines = async (bucket: R2Bucket, key: string, rows: ArchivedRow[]) =>
  bucket.put(key, await gzipJsonLines(rows), { httpMetadata: { contentType: "application/x-ndjson" } });
