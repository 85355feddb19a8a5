import { serveAttachment } from "./files";
import { presignDownload, r2S3Settings, type PresignedDownload, type R2S3Env } from "./presign";

/**
 * A stored file for the caller who passed its ownership check: with R2's S3 settings (production) and
 * `asLink`, a short-lived link R2 serves itself; otherwise, and for agents (whose scripts save the
 * answer's bytes), the Worker streams the object. Null when the object is missing.
 */
export async function storedDownload(
  bucket: R2Bucket,
  env: R2S3Env,
  file: { key: string | null | undefined; name: string | null | undefined },
  asLink = true,
): Promise<Response | PresignedDownload | null> {
  if (!file.key) return null;
  const s3 = asLink ? r2S3Settings(env) : null;
  if (s3) {
    // A link to a missing object would fail at R2 with an XML page; answer 404 here instead.
    const head = await bucket.head(file.key);
    return head ? presignDownload(s3, file.key, file.name ?? "file", head.httpMetadata?.contentType) : null;
  }
  return serveAttachment(bucket, file.key, file.name ?? "file");
}
