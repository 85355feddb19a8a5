import { randomToken, toHex } from "../../auth/crypto";
import { withoutInvisibleFormatting } from "../../contract/fields";
import { UPLOAD_MAX, type UploadClass } from "../../contract/uploads";
import { formatBytes, msg, tooLarge, unsupportedType } from "../../errors";

/** What an upload may be, decided by its bytes (never by its name or declared type). */
export type FileKind = "png" | "jpeg" | "webp" | "pdf" | "docx" | "txt" | "zip";

const MIME: Record<FileKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain; charset=utf-8",
  zip: "application/zip",
};

/** Upload classes: which kinds each accepts, how large (the contract's limits), and under which R2 prefix it is kept. */
export const UPLOADS = {
  image: { kinds: ["png", "jpeg", "webp"], max: UPLOAD_MAX.image, prefix: "images/" },
  document: { kinds: ["pdf", "docx", "txt"], max: UPLOAD_MAX.document, prefix: "documents/" },
  report: { kinds: ["pdf", "docx", "txt"], max: UPLOAD_MAX.report, prefix: "reports/" },
  proof: { kinds: ["png", "jpeg", "webp", "pdf"], max: UPLOAD_MAX.proof, prefix: "proofs/" },
  itemFile: { kinds: ["pdf", "docx", "txt", "zip", "png", "jpeg", "webp"], max: UPLOAD_MAX.itemFile, prefix: "item-files/" },
  ticketFile: { kinds: ["png", "jpeg", "webp", "pdf", "docx", "txt"], max: UPLOAD_MAX.ticketFile, prefix: "tickets/" },
} as const satisfies Record<UploadClass, { kinds: readonly FileKind[]; max: number; prefix: string }>;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

export function sniff(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // A DOCX is a zip whose entries include word/…; look for the name in the local headers.
    const head = new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)));
    return head.includes("word/") ? "docx" : "zip";
  }
  if (bytes.length > 0 && isPlainText(bytes)) return "txt";
  return null;
}

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes.subarray(0, 64 * 1024));
    return true;
  } catch {
    // A multi-byte character cut at 64 kB is still text; decode the whole file to be sure.
    try {
      new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * A file name safe to show and to send in Content-Disposition. Bidirectional overrides go too, or
 * "report\u202Efdp.exe" would read "reportexe.pdf" in an admin's jobs list.
 */
export function safeFileName(name: string, fallback = "file"): string {
  const cleaned = withoutInvisibleFormatting(name.normalize("NFC"))
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\/:*?<>|]+/g, "_")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 150);
  return cleaned || fallback;
}

export interface StoredFile {
  key: string;
  name: string;
  kind: FileKind;
  contentType: string;
  size: number;
}

/** An upload whose size and bytes passed its class's check, not stored yet. */
export interface CheckedUpload {
  cls: UploadClass;
  bytes: Uint8Array;
  kind: FileKind;
  name: string;
}

/** Checks an upload's size and bytes against its class (413, 415), before anything is stored. */
export async function checkUpload(file: File, cls: UploadClass, field = "file"): Promise<CheckedUpload> {
  const rule = UPLOADS[cls];
  if (file.size > rule.max) throw tooLarge(msg("fileTooLarge", { field, size: formatBytes(rule.max) }));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniff(bytes);
  if (!kind || !(rule.kinds as readonly FileKind[]).includes(kind)) {
    throw unsupportedType(msg("fileTypeNotAccepted", { field, kinds: rule.kinds.join(", ").toUpperCase() }), field);
  }
  const ext = kind === "jpeg" ? "jpg" : kind;
  return { cls, bytes, kind, name: safeFileName(file.name, `file.${ext}`) };
}

/**
 * Stores a checked upload in R2 under a key the server makes, below its class's prefix and `scope` (a
 * folder such as "42/"). Images are content-addressed (same bytes, same key), so their URLs can be cached forever.
 */
export async function storeChecked(bucket: R2Bucket, upload: CheckedUpload, scope = ""): Promise<StoredFile> {
  const { cls, bytes, kind, name } = upload;
  const ext = kind === "jpeg" ? "jpg" : kind;
  const digest = cls === "image" ? toHex(await crypto.subtle.digest("SHA-256", bytes)) : null;
  const key = `${UPLOADS[cls].prefix}${scope}${digest ?? randomToken(18)}.${ext}`;
  const contentType = MIME[kind];
  await bucket.put(key, bytes, {
    httpMetadata: { contentType },
    customMetadata: { name },
  });
  return { key, name, kind, contentType, size: bytes.byteLength };
}

/** Checks an upload's size and bytes against its class and stores it in R2 (checkUpload, then storeChecked). */
export async function storeUpload(bucket: R2Bucket, file: File, cls: UploadClass, field = "file"): Promise<StoredFile> {
  return storeChecked(bucket, await checkUpload(file, cls, field));
}

/** The public URL of a stored image, or null. */
export function imageUrl(key: string | null | undefined): string | null {
  return key ? `/${key}` : null;
}

/** GET /images/<key>: long-cached, since keys change whenever the bytes do. */
export async function serveImage(bucket: R2Bucket, pathname: string, request: Request): Promise<Response> {
  const key = decodeURIComponent(pathname.slice(1));
  if (!/^images\/[a-f0-9]{64}\.(png|jpg|webp)$/.test(key)) return new Response("Not found", { status: 404 });
  const etag = `"${key.slice(7, 71)}"`;
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { etag } });
  const object = await bucket.get(key);
  if (!object) return new Response("Not found", { status: 404 });
  return new Response(request.method === "HEAD" ? null : object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "cache-control": "public, max-age=31536000, immutable",
      etag,
    },
  });
}

/** `attachment` with the safe name, in ASCII for old clients and UTF-8 (RFC 5987) for the rest. */
export function contentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Streams an R2 object as a download: attachment, safe name, nosniff. */
export async function serveAttachment(bucket: R2Bucket, key: string, fileName: string): Promise<Response | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "content-disposition": contentDisposition(fileName),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}

export async function deleteStored(bucket: R2Bucket, key: string | null | undefined): Promise<void> {
  if (key && !key.startsWith("images/")) await bucket.delete(key);
}
