import { Secret, TOTP } from "otpauth";

/** RFC 6238 codes: 6 digits, 30 seconds, SHA-1 (what authenticator apps expect); ±1 step of drift. */
function totpFor(secretBase32: string, label = "", issuer = "") {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, label: string, issuer: string): string {
  return totpFor(secretBase32, label, issuer).toString();
}

export function checkTotp(secretBase32: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secretBase32).validate({ token: code, window: 1 }) !== null;
}

/** The current code (tests and the seed use it). */
export function currentTotp(secretBase32: string): string {
  return totpFor(secretBase32).generate();
}
