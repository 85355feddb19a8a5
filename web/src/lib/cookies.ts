/**
 * Client-stored values are JSON cookies with path / (spec section 3). Each read of document.cookie
 * asks the browser process: a reader of several cookies passes one read of it as `jar`. The build's
 * prerender (web/prerender) has no document: it renders as a first visitor, with no cookie.
 */
export const cookieJar = (): string => (typeof document === "undefined" ? "" : document.cookie);

export function readCookie<T>(name: string, jar: string = cookieJar()): T | null {
  const match = jar.match(new RegExp(`(?:^|; )${name.replace(/[-.]/g, "\\$&")}=([^;]*)`));
  if (!match) return null;
  try {
    return JSON.parse(decodeURIComponent(match[1]!)) as T;
  } catch {
    return null;
  }
}

export function writeCookie(name: string, value: unknown, maxAgeDays = 365) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; path=/; max-age=${maxAgeDays * 86400}; SameSite=Lax${secure}`;
}

export function removeCookie(name: string) {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}
