import { notFound } from "../errors";
import { json } from "./respond";

/**
 * A file call's answer from what storage found (domain/storage/download.ts): the bytes, a link as JSON,
 * or 404 when nothing was found. A file the caller may not see answers exactly like a missing one.
 */
export function fileAnswerOf(found: Response | { url: string; expiresAt: string } | null): Response {
  if (!found) throw notFound("noSuchFile");
  return found instanceof Response ? found : json(found);
}
