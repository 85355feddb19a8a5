import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";

/**
 * search-quota as a list (db/list.ts): a user's ledger, newest first (quota_ledger_user), with their
 * balance as a second read of the same round trip.
 */
export function ledgerList(db: DB, userId: number): { query: AnySelect } & Omit<ListOptions, "window"> {
  return {
    query: db
      .selectFrom("quota_ledger")
      .select(["ledgerId", "delta", "reason", "ref", "note", "createdAt"])
      .where("userId", "=", userId),
    order: [
      ["createdAt", "desc"],
      ["ledgerId", "desc"],
    ],
    with: [db.selectFrom("users").select("userQuota").where("userId", "=", userId)],
  };
}
