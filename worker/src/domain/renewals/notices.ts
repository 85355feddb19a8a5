import { sql } from "kysely";
import { prepare, type DB } from "../../db";
import type { Portal } from "../context";
import { notificationInsert, notificationMail, type NewNotification } from "../notifications/notify";
import { queueMail } from "../outbox/queue";

/** What a renewal's notices say of it and its client. */
export interface RenewalParty {
  userId: number;
  email: string;
  name: string;
  mailLanguage: string;
  itemName: string;
}

/**
 * A renewal's bell notice and, in the same batch only where that notice is new, its mail: once per
 * occasion (a retry's attempt), however many runs overlap. Renewal mails are about money taken or due:
 * transactional, always sent.
 */
export function renewalNotice(db: DB, d1: D1Database, portal: Portal, party: RenewalParty, notification: NewNotification) {
  const mail = notificationMail(
    portal,
    { email: party.email, name: party.name, language: party.mailLanguage },
    notification,
    null,
  );
  return [prepare(d1, notificationInsert(db, notification)), prepare(d1, queueMail(db, mail, sql<boolean>`changes() = 1`))];
}

/** The client and item a renewal's notices name, for a live account. */
export function partyOf(db: DB, subscriptionId: number) {
  return db
    .selectFrom("subscriptions as s")
    .innerJoin("users as u", "u.userId", "s.userId")
    .innerJoin("items as i", "i.itemId", "s.itemId")
    .select([
      "u.userId",
      "u.userEmail as email",
      "u.userName as name",
      "u.mailLanguage",
      "i.itemName",
      "u.deletedAt",
      "u.userIsActive",
    ])
    .where("s.subscriptionId", "=", subscriptionId)
    .executeTakeFirst();
}
