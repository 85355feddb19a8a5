import { readCookie } from "../auth/session";
import { isLanguage, type Language } from "../errors/language";

/**
 * The language the web app shows, from its `language` cookie (JSON-encoded, path /: see
 * web/src/lib/cookies.ts), or null when there is none or it names no language we write.
 */
export function requestLanguage(request: Request): Language | null {
  const raw = readCookie(request, "language");
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    value = raw;
  }
  return isLanguage(value) ? value : null;
}
