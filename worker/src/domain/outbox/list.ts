import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { OUTBOX_STATUSES } from "../../contract/admin";

/** search-outbox as a list (db/list.ts): newest mail first, by id; a status walks outbox_status. */
export function outboxList(
  db: DB,
  status: (typeof OUTBOX_STATUSES)[number] | undefined,
): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = db
    .selectFrom("outbox")
    .select([
      "mailId",
      "toEmail",
      "mailKind",
      "mailSubject",
      "mailBody",
      "status",
      "attempts",
      "lastError",
      "createdAt",
      "sentAt",
      "claimedAt",
    ]);
  if (status) query = query.where("status", "=", status as (typeof OUTBOX_STATUSES)[number]);
  return { query, order: [["mailId", "desc"]] };
}
