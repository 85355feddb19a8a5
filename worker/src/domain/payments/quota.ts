import { sql } from "kysely";
import type { LEDGER_KINDS } from "../../contract/commerce";
import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import { expiriesQuery } from "../points/grants";

type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * search-quota as a list (db/list.ts): a user's ledger, newest first (quota_ledger_user), with their
 * balance and what of it expires when as further reads of the same round trip.
 */
export function ledgerList(db: DB, userId: number): { query: AnySelect } & Omit<ListOptions, "window"> {
  return {
    query: db
      .selectFrom("quota_ledger as l")
      // A payment's refund takes points back under the ref "reclaim:<refundKey>" (refund-settle.ts).
      .leftJoin("refunds as r", (join) =>
        join.on("r.refundKey", "=", sql<string>`substr(l.ref, 9)`).on("l.ref", "like", "reclaim:%"),
      )
      .select(["l.ledgerId", "l.delta", "l.reason", "l.ref", "l.note", "l.createdAt", "r.creditNoteNumber"])
      .select([
        // Expired points are a negative grant too, under the ref "expire:<grantId>" (points/expire.ts).
        sql<LedgerKind>`CASE l.reason WHEN 'grant' THEN iif(l.ref LIKE 'expire:%', 'expiry', iif(r.refundId IS NULL, 'purchase', 'refund'))
          WHEN 'spend' THEN 'job' WHEN 'refund' THEN 'jobRefund' WHEN 'redeem' THEN 'coupon' ELSE 'adjustment' END`.as("kind"),
        // A purchase's ref is "grant:<referenceId>:<line>" (grant.ts).
        sql<string | null>`coalesce(r.referenceId, iif(l.reason = 'grant' AND l.ref LIKE 'grant:%:%',
          substr(l.ref, 7, instr(substr(l.ref, 7), ':') - 1), NULL))`.as("referenceId"),
      ])
      .where("l.userId", "=", userId),
    order: [
      ["l.createdAt", "desc"],
      ["l.ledgerId", "desc"],
    ],
    with: [db.selectFrom("users").select("userQuota").where("userId", "=", userId), expiriesQuery(db, userId)],
  };
}
