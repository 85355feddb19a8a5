import { sql } from "kysely";
import { clearRecoveryCodes } from "../../auth/recovery-codes";
import { emailKey, pairKey } from "../../auth/throttle";
import { nowIso } from "../../db";
import { abortUnlessChanged, runGuardedBatch } from "../../db/guard";
import { notFound, type HttpError } from "../../errors";
import { audit } from "../audit";
import { buyerPartyOf } from "../payments/billing";
import type { DomainContext } from "../context";
import { eraseArchivedPerson } from "../archive/erase";

/** The account being closed, as its caller loaded it (not deleted). */
export interface ClosingAccount {
  userId: number;
  userEmail: string;
  userRole: string;
  userIsActive: number;
}

/** A closed account's address: unique, undeliverable (RFC 2606 `.invalid`), and the real one is free again. */
export const closedAddress = (userId: number) => `deleted-${userId}@deleted.invalid`;

/** How many R2 keys one delete call takes. */
const R2_DELETE_MAX = 1000;

/**
 * Closes an account, by its owner (close-account) or an admin (deleteuser): one D1 batch ends its
 * sessions, cancels its open payments, withdraws its mail and erases its personal data from every table,
 * then its files leave R2. What the books need stays: payments and invoices (an invoice keeps the buyer
 * it names, frozen at checkout; decision 0013), the ledger, subscriptions and the jobs' figures. The last
 * active admin is refused (`lastAdminError`), and so is an account closed meanwhile (404).
 */
export async function closeAccount(
  context: DomainContext,
  bucket: R2Bucket,
  account: ClosingAccount,
  options: { auditAction: "close-account" | "delete-user"; lastAdminError: () => HttpError },
): Promise<void> {
  const { db, d1 } = context;
  const { userId, userEmail } = account;
  const [files, buyer] = await Promise.all([filesOf(context, userId), buyerPartyOf(db, userId)]);
  const now = nowIso();
  // How every (address, IP) sign-in failure key of the address starts (auth/throttle.ts `pairKey`).
  const pairs = pairKey(userEmail, "-").slice(0, -"-".length);

  let erase = db
    .updateTable("users")
    .set({
      userName: "",
      userEmail: closedAddress(userId),
      userPhone: "",
      userAddressLine1: "",
      userAddressLine2: "",
      userCity: "",
      userPostalCode: "",
      userCountry: "",
      billingCompany: "",
      billingVatNumber: "",
      userImage: null,
      // Nothing derived from the password or the second factor stays either.
      passwordHash: "",
      passwordSalt: "",
      twoFactorEnabled: 0,
      twoFactorSecret: null,
      emailVerified: 0,
      userIsActive: 0,
      deletedAt: now,
      updatedAt: now,
    })
    .where("userId", "=", userId)
    .where("deletedAt", "is", null);
  if (account.userRole === "admin" && account.userIsActive === 1) {
    erase = erase.where(
      sql<boolean>`EXISTS (SELECT 1 FROM users o WHERE o.userRole = 'admin' AND o.userIsActive = 1
        AND o.deletedAt IS NULL AND o.userId <> ${userId})`,
    );
  }
  // The closing user's own audit row names no address: it would be the only one left.
  const actor = options.auditAction === "close-account" ? { userId, email: "", ip: "", agent: null } : context.actor;

  await runGuardedBatch(
    d1,
    [
      // Invoices keep naming their buyer as frozen at checkout: those frozen before buyers were (no
      // buyerJson) or before their email was get the account's now, before it is erased. Payments
      // without an invoice keep nothing of the buyer.
      d1
        .prepare(
          `UPDATE payments SET buyerJson = CASE WHEN buyerJson IS NULL THEN ?2 ELSE json_set(buyerJson, '$.email', ?3) END
            WHERE userId = ?1 AND invoiceNumber IS NOT NULL AND (buyerJson IS NULL OR json_extract(buyerJson, '$.email') IS NULL)`,
        )
        .bind(userId, JSON.stringify(buyer), userEmail),
      d1
        .prepare(
          "UPDATE payments SET buyerJson = NULL, proofKey = NULL, proofName = NULL WHERE userId = ?1 AND invoiceNumber IS NULL",
        )
        .bind(userId),
      erase,
      abortUnlessChanged(d1),
      // Open payments (pending, or awaiting an admin with a proof) are cancelled, so nothing is granted to a
      // closed account (issue 30); a card payment taken on one later is recorded for a refund
      // (domain/stripe/card.ts).
      db
        .updateTable("payments")
        .set({ status: "cancelled", updatedAt: now })
        .where("userId", "=", userId)
        .where("status", "in", ["pending", "awaiting_confirmation"]),
      // Queued jobs cannot run without their document: they fail, and their points come back as for any
      // failed job (a refund row each), so the balance still equals the ledger.
      d1
        .prepare(
          `INSERT INTO quota_ledger (userId, delta, reason, ref, note)
           SELECT userId, pointsSpent, 'refund', 'refund:' || uniqueId, substr(siteName, 1, 200)
             FROM history WHERE userId = ?1 AND status = 0 AND pointsSpent > 0`,
        )
        .bind(userId),
      d1
        .prepare(
          "UPDATE users SET userQuota = userQuota + (SELECT coalesce(sum(pointsSpent), 0) FROM history WHERE userId = ?1 AND status = 0) WHERE userId = ?1",
        )
        .bind(userId),
      d1
        .prepare("UPDATE history SET status = 2, claimedAt = NULL, updatedAt = ?2 WHERE userId = ?1 AND status = 0")
        .bind(userId, now),
      // Jobs keep their figures (site, points, result); the file names go with the files.
      d1
        .prepare("UPDATE history SET fileName = '', fileKey = '', reportName = NULL, reportKey = NULL WHERE userId = ?1")
        .bind(userId),
      db.deleteFrom("sessions").where("userId", "=", userId),
      db.deleteFrom("carts").where("userId", "=", userId),
      db.deleteFrom("auth_tokens").where("userId", "=", userId),
      // Notifications name the person's files, items and amounts (issue 24): none stays with the account.
      db.deleteFrom("notifications").where("userId", "=", userId),
      clearRecoveryCodes(db, userId),
      // Passkeys sign in without the password: none may outlive the account (issue 44).
      db.deleteFrom("passkeys").where("userId", "=", userId),
      db.deleteFrom("passkey_challenges").where("userId", "=", userId),
      // Saved cards and automatic renewal end with the account (issue 40): nothing is charged after it.
      db.deleteFrom("payment_methods").where("userId", "=", userId),
      db.updateTable("subscriptions").set({ autoRenew: 0 }).where("userId", "=", userId).where("autoRenew", "=", 1),
      // Sign-in failures keyed by the address: its own, forgot-password's, and each (address, IP) pair's
      // (a range of the attempts' index).
      d1
        .prepare("DELETE FROM login_attempts WHERE attemptKey IN (?1, ?2) OR (attemptKey >= ?3 AND attemptKey < ?4)")
        .bind(emailKey(userEmail), `forgot:${userEmail}`, pairs, `${pairs}\uffff`),
      // Mails to the address (verification and reset links, receipts) hold it and the name: all of them go,
      // so mail still queued is withdrawn too (issue 30). A delivery sending one meanwhile records nothing.
      d1.prepare("DELETE FROM outbox WHERE toEmail = ?1 COLLATE NOCASE").bind(userEmail),
      // A review's text is the client's own words, in any language, and may name them: their reviews go,
      // rating and all (an average of ratings whose authors are gone is not the shop's to keep; issue 41).
      d1.prepare("DELETE FROM reviews WHERE userId = ?1").bind(userId),
      // The files of their tickets are theirs, whoever sent them (a staff answer's file is about them too;
      // decision 0032): the rows go here, the objects after the batch.
      d1
        .prepare(
          `DELETE FROM ticket_attachments WHERE messageId IN
             (SELECT m.messageId FROM tickets t JOIN ticket_messages m ON m.ticketId = t.ticketId WHERE t.userId = ?1)`,
        )
        .bind(userId),
      // Audit rows keep what happened, not who the person was: their address and IP go, and the address
      // leaves the details that named it (failed sign-ins, an admin's edits). A rare call reads the log once.
      d1.prepare("UPDATE audit_log SET actorEmail = '', ip = '' WHERE actorId = ?1").bind(userId),
      d1.prepare("UPDATE audit_log SET detail = replace(detail, ?1, '') WHERE instr(detail, ?1) > 0").bind(userEmail),
      audit({ db, actor }, { action: options.auditAction, subject: "User", subjectId: userId }),
      // Its rows the retention moved to R2 are erased next, and again by the cron until none is left.
      db
        .insertInto("archive_erasures")
        .values({ userId, userEmail })
        .onConflict((oc) => oc.doNothing()),
    ],
    async () => {
      const still = await db
        .selectFrom("users")
        .select("userId")
        .where("userId", "=", userId)
        .where("deletedAt", "is", null)
        .executeTakeFirst();
      return still ? options.lastAdminError() : notFound("noSuchUser");
    },
  );
  await eraseFiles(context, bucket, files);
  try {
    await eraseArchivedPerson(d1, bucket, { userId, userEmail });
  } catch (error) {
    console.error("closing an account: archived rows left for the cron to erase", error);
  }
}

/** The R2 objects of a user that closing the account erases, read before the rows that name them change. */
async function filesOf({ d1 }: DomainContext, userId: number) {
  const { results } = await d1
    .prepare(
      `SELECT 'file' AS kind, fileKey AS key FROM history WHERE userId = ?1 AND fileKey <> ''
       UNION ALL SELECT 'file', reportKey FROM history WHERE userId = ?1 AND reportKey IS NOT NULL
       -- Proofs of paid payments stay with their invoices: the books' evidence of the transfer.
       UNION ALL SELECT 'file', proofKey FROM payments WHERE userId = ?1 AND proofKey IS NOT NULL AND invoiceNumber IS NULL
       UNION ALL SELECT 'file', a.fileKey FROM tickets t JOIN ticket_messages m ON m.ticketId = t.ticketId
         JOIN ticket_attachments a ON a.messageId = m.messageId WHERE t.userId = ?1
       UNION ALL SELECT 'avatar', userImage FROM users WHERE userId = ?1 AND userImage IS NOT NULL`,
    )
    .bind(userId)
    .all<{ kind: "file" | "avatar"; key: string }>();
  return {
    keys: results.filter((row) => row.kind === "file").map((row) => row.key),
    avatar: results.find((row) => row.kind === "avatar")?.key ?? null,
  };
}

/**
 * Deletes the files once the rows no longer name them. Images are content-addressed, so the avatar goes
 * only when no other user, item or site shows the same picture. A failure is logged, not answered: the
 * account is closed, and a key no row names is an orphan (the sweep of documents and reports removes it).
 */
async function eraseFiles({ db }: DomainContext, bucket: R2Bucket, files: { keys: string[]; avatar: string | null }) {
  try {
    const keys = [...files.keys];
    if (files.avatar) {
      const shared = await db
        .selectNoFrom((eb) =>
          eb
            .or([
              eb.exists(eb.selectFrom("users").select("userId").where("userImage", "=", files.avatar)),
              eb.exists(eb.selectFrom("items").select("itemId").where("itemImage", "=", files.avatar)),
              eb.exists(eb.selectFrom("sites").select("siteId").where("siteImage", "=", files.avatar)),
            ])
            .as("shared"),
        )
        .executeTakeFirstOrThrow();
      if (!shared.shared) keys.push(files.avatar);
    }
    for (let start = 0; start < keys.length; start += R2_DELETE_MAX)
      await bucket.delete(keys.slice(start, start + R2_DELETE_MAX));
  } catch (error) {
    console.error("closing an account: files left in R2", error);
  }
}
