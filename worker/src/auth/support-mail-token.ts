import { constantTimeEqual, hmacSha256, toHex } from "./crypto";

/**
 * The signed per-ticket token of the support address `support+<token>@<domain>` (decision 0030): the
 * ticket's id and an HMAC-SHA256 of it under SUPPORT_MAIL_SECRET, in lowercase hex because mail servers
 * may fold a local part's case. It names a ticket, not a person: the sender is checked separately.
 */

const PURPOSE = "edge-portal support mail v1";
/** 80 bits of signature: forging one by guessing is out of reach, and the address stays short. */
const SIGNATURE_BYTES = 10;

async function signature(secret: string, ticketId: number): Promise<string> {
  return toHex((await hmacSha256(secret, `${PURPOSE}:${ticketId}`)).slice(0, SIGNATURE_BYTES));
}

export async function supportMailToken(secret: string, ticketId: number): Promise<string> {
  return `${ticketId}-${await signature(secret, ticketId)}`;
}

/** The address a ticket's mail names as its Reply-To. */
export async function supportAddress(secret: string, domain: string, ticketId: number): Promise<string> {
  return `support+${await supportMailToken(secret, ticketId)}@${domain}`;
}

/** The ticket a recipient address's token names, or null when it has none or one this deployment did not sign. */
export async function ticketOfSupportAddress(secret: string, address: string): Promise<number | null> {
  if (!secret) return null;
  const match = /^support\+([1-9]\d{0,15})-([0-9a-f]+)@/i.exec(address.trim());
  if (!match) return null;
  const ticketId = Number(match[1]);
  return constantTimeEqual(match[2]!.toLowerCase(), await signature(secret, ticketId)) ? ticketId : null;
}
