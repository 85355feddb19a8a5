import { AwsV4Signer } from "aws4fetch";
import { contentDisposition } from "./files";

/** How long a presigned download link stays valid (the design says "a few minutes"; at most 5). */
export const PRESIGN_SECONDS = 300;

/**
 * R2's S3 API settings: the account and bucket are vars, the key pair is a secret. Declared here as
 * optional because local and test setups leave them out (then downloads stream through the Worker).
 */
export interface R2S3Env {
  R2_ACCOUNT_ID?: string;
  R2_BUCKET?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
}

export interface R2S3Settings {
  accountId: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The S3 settings when all four are set, else null (a half-configured deployment keeps streaming). */
export function r2S3Settings(env: R2S3Env): R2S3Settings | null {
  const accountId = env.R2_ACCOUNT_ID?.trim();
  const bucket = env.R2_BUCKET?.trim();
  const accessKeyId = env.R2_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.R2_SECRET_ACCESS_KEY?.trim();
  if (!accountId || !bucket || !accessKeyId || !secretAccessKey) return null;
  return { accountId, bucket, accessKeyId, secretAccessKey };
}

export interface PresignedDownload {
  url: string;
  expiresAt: string;
}

/**
 * A GET link to `key` that R2 answers itself, as an attachment named `fileName` (SigV4 query
 * signature with aws4fetch, path style on the account's S3 host). Signing is local (Web Crypto): no network.
 */
export async function presignDownload(
  settings: R2S3Settings,
  key: string,
  fileName: string,
  contentType: string | undefined,
): Promise<PresignedDownload> {
  const hostname = `${settings.accountId}.r2.cloudflarestorage.com`;
  const path = `/${escapeUri(settings.bucket)}/${key.split("/").map(escapeUri).join("/")}`;
  const signedAt = Date.now();
  const url = new URL(`https://${hostname}${path}`);
  url.searchParams.set("X-Amz-Expires", String(PRESIGN_SECONDS));
  // R2 answers with these headers in place of the stored ones: the browser saves, never renders.
  url.searchParams.set("response-content-disposition", contentDisposition(fileName));
  url.searchParams.set("response-content-type", contentType ?? "application/octet-stream");
  url.searchParams.set("response-cache-control", "private, no-store");
  const signer = new AwsV4Signer({
    method: "GET",
    url: url.toString(),
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: "s3",
    region: "auto",
    signQuery: true,
    datetime: new Date(signedAt).toISOString().replace(/[:-]|\.\d{3}/g, ""),
  });
  const signed = await signer.sign();
  // Written with SigV4's own encoding rather than URLSearchParams' form encoding (a space as "+"), so the link
  // carries exactly what was signed.
  const query = [...signed.url.searchParams].map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`).join("&");
  return {
    url: `https://${hostname}${path}?${query}`,
    expiresAt: new Date(signedAt + PRESIGN_SECONDS * 1000).toISOString(),
  };
}

/** SigV4's URI encoding (RFC 3986 unreserved characters only), so the URL carries what was signed. */
function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
