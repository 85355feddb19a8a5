import { nowIso, type DB } from "../../db";

/** SQL's reading of an address that can never receive mail: a closed account's (RFC 2606 `.invalid`). */
export const CLOSED_ADDRESS_DOMAIN = "deleted.invalid";

/** The address a closed account keeps, freeing its own for a new account. */
export const closedAddress = (userId: number) => `deleted-${userId}@${CLOSED_ADDRESS_DOMAIN}`;

/**
 * What closing an account does besides the user row (issue 30), for the batch that closes it, placed
 * after the statement that does: its open payments (pending, or awaiting an admin with a proof) are
 * cancelled, so nothing is granted to a closed account, and mail still waiting in the queue for its
 * address is withdrawn. A card payment taken on one of them later is recorded for a refund
 * (domain/commerce/card.ts). deleteuser runs these; closing one's own account should too.
 */
export function closedAccountStatements(db: DB, userId: number, address: string) {
  const now = nowIso();
  return [
    db
      .updateTable("payments")
      .set({ status: "cancelled", updatedAt: now })
      .where("userId", "=", userId)
      .where("status", "in", ["pending", "awaiting_confirmation"]),
    db
      .updateTable("outbox")
      .set({ status: "failed", lastError: "not sent: the account was closed" })
      .where("status", "=", "queued")
      .where("claimedAt", "is", null)
      .where("toEmail", "=", address),
  ];
}
