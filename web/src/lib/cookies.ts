/** Client-stored values are JSON cookies with path / (spec section 3). */
export function readCookie<T>(name: string): T | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name.replace(/[-.]/g, "\\$&")}=([^;]*)`));
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
