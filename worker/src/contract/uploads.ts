/** The largest upload of each class, in bytes (storage/files.ts checks the bytes against these). */
export const UPLOAD_MAX = {
  image: 2 * 1024 * 1024,
  document: 20 * 1024 * 1024,
  report: 20 * 1024 * 1024,
  proof: 10 * 1024 * 1024,
  itemFile: 50 * 1024 * 1024,
  ticketFile: 10 * 1024 * 1024,
} as const;
export type UploadClass = keyof typeof UPLOAD_MAX;

/** Multipart bodies carrying an upload of this class are accepted up to this size. */
export const bodyLimitFor = (cls: UploadClass) => UPLOAD_MAX[cls] + 64 * 1024;

/** A ticket message's files (decision 0032): how many, and their bytes together. */
export const TICKET_ATTACHMENTS_MAX = 5;
export const TICKET_ATTACHMENTS_TOTAL = 20 * 1024 * 1024;
