import { env } from "cloudflare:workers";

/**
 * Random writes over every table the counters (migration 0090) and roll-ups (0091) follow: creates,
 * deletes, status and flag changes, cascades (a deleted site takes its vendor accounts and empties
 * jobs' siteId), a role rename, and batches that abort on their last statement (nothing of them may
 * stay, roll-ups included). A seeded generator picks the operations, so a failure can be replayed.
 */

/** mulberry32: small, seedable, good enough to pick test operations. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
  };
}

type Random = ReturnType<typeof seededRandom>;

const PAYMENT_STATUSES = ["pending", "awaiting_confirmation", "paid", "cancelled", "expired"] as const;

/** A moment in 2010–2012 (roll-ups by day, month and year), sometimes exactly midnight. */
function moment(random: Random): string {
  const ms = Date.UTC(2010, 0, 1) + random.int(3 * 365) * 86_400_000 + (random.next() < 0.2 ? 0 : random.int(86_400_000));
  return new Date(ms).toISOString();
}

/** A random row id of a table ("NULL" when the table is empty, which makes inserts that need one fail). */
const anyId = (table: string, column: string) => `(SELECT ${column} FROM ${table} ORDER BY random() LIMIT 1)`;

let serial = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;

/** One random write, as a statement. */
function randomStatement(random: Random, role: string): D1PreparedStatement {
  const db = env.DB;
  const at = moment(random);
  const status = random.int(3);
  switch (random.int(24)) {
    case 0:
    case 1:
      return db
        .prepare(
          `INSERT INTO users (userName, userEmail, userRole, userIsActive, passwordHash, passwordSalt, passwordIterations, createdAt, deletedAt)
           VALUES ('Activity', ?1, ?2, ?3, 'x', 'x', 1, ?4, ?5)`,
        )
        .bind(
          unique("activity") + "@example.test",
          random.pick(["client", "admin", role]),
          random.int(2),
          at,
          random.next() < 0.1 ? at : null,
        );
    case 2:
      return db
        .prepare(`UPDATE users SET userRole = ?1, userIsActive = ?2 WHERE userId = ${anyId("users", "userId")}`)
        .bind(random.pick(["client", "admin", role]), random.int(2));
    case 3:
      return db.prepare(`UPDATE users SET deletedAt = ?1, userIsActive = 0 WHERE userId = ${anyId("users", "userId")}`).bind(at);
    case 4:
    case 5:
      return db
        .prepare(
          `INSERT INTO history (uniqueId, userId, siteId, vendorId, siteName, fileName, fileKey, pointsSpent, status, similarity, createdAt)
           VALUES (?1, ${anyId("users", "userId")}, ?2, ?3, 'Site', 'f.pdf', 'k', ?4, ?5, ?6, ?7)`,
        )
        .bind(
          unique("job-unique-id-long-enough"),
          random.next() < 0.8 ? random.int(4) + 1 : null,
          random.next() < 0.7 ? random.int(6) + 1 : null,
          random.int(9),
          status,
          status === 1 ? random.int(101) : null,
          at,
        );
    case 6:
      return db
        .prepare(`UPDATE history SET status = ?1, similarity = ?2 WHERE historyId = ${anyId("history", "historyId")}`)
        .bind(status, status === 1 ? 50 : null);
    case 7:
      return db.prepare(`DELETE FROM history WHERE historyId = ${anyId("history", "historyId")}`);
    case 8:
    case 9: {
      const paid = random.next() < 0.4;
      return db
        .prepare(
          `INSERT INTO payments (referenceId, userId, amount, currency, status, lines, createdAt, expiresAt, paidAt)
           VALUES (?1, ${anyId("users", "userId")}, ?2, 'USD', ?3, '[]', ?4, ?4, ?5)`,
        )
        .bind(
          unique("payment-reference-long"),
          random.int(5000),
          paid ? "paid" : random.pick(PAYMENT_STATUSES.filter((s) => s !== "paid")),
          at,
          paid ? moment(random) : null,
        );
    }
    case 10:
      if (random.next() < 0.3) {
        // A refund of part or all of a paid payment (issue 26): revenue counts what the sale kept.
        return db
          .prepare(
            `UPDATE payments SET refundedAmount = amount / ?1, status = CASE ?1 WHEN 1 THEN 'refunded' ELSE 'partially_refunded' END
             WHERE status = 'paid' AND paymentId = ${anyId("payments", "paymentId")}`,
          )
          .bind(random.pick([1, 2, 3]));
      }
      return db
        .prepare(`UPDATE payments SET status = ?1 WHERE status <> 'paid' AND paymentId = ${anyId("payments", "paymentId")}`)
        .bind(random.pick(["pending", "awaiting_confirmation", "cancelled", "expired"]));
    case 11:
      return db
        .prepare(
          `UPDATE payments SET status = 'paid', paidAt = ?1 WHERE paidAt IS NULL AND paymentId = ${anyId("payments", "paymentId")}`,
        )
        .bind(at);
    case 12:
      return db.prepare(`DELETE FROM payments WHERE paymentId = ${anyId("payments", "paymentId")}`);
    case 13: {
      const used = random.next() < 0.3;
      return db
        .prepare(
          "INSERT INTO coupons (couponCode, couponQuota, couponExpired, couponUsed, couponUsedDate) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .bind(
          unique("C"),
          random.int(50) + 1,
          random.pick(["2000-01-01", "2011-06-30", "2999-12-31"]),
          used ? "Y" : "N",
          used ? at : null,
        );
    }
    case 14:
      return db
        .prepare(
          `UPDATE coupons SET couponUsed = 'Y', couponUsedDate = ?1 WHERE couponUsed = 'N' AND couponId = ${anyId("coupons", "couponId")}`,
        )
        .bind(at);
    case 15:
      return db.prepare(`DELETE FROM coupons WHERE couponId = ${anyId("coupons", "couponId")}`);
    case 16:
      return random.pick([
        db
          .prepare("INSERT INTO items (itemName, itemPrice, itemDuration, itemIsActive) VALUES ('Item', 1, 30, ?1)")
          .bind(random.int(2)),
        db.prepare("INSERT INTO bundles (bundlePoin, bundlePPP, bundleIsActive) VALUES (10, 1, ?1)").bind(random.int(2)),
        db.prepare(`UPDATE items SET itemIsActive = 1 - itemIsActive WHERE itemId = ${anyId("items", "itemId")}`),
        db.prepare(`UPDATE bundles SET bundleIsActive = 1 - bundleIsActive WHERE bundleId = ${anyId("bundles", "bundleId")}`),
        db.prepare(`DELETE FROM bundles WHERE bundleId = ${anyId("bundles", "bundleId")}`),
      ]);
    case 17:
      return random.pick([
        db.prepare("INSERT INTO sites (siteName, siteDesc, sitePrice, siteIsUse) VALUES ('Site', '', 1, ?1)").bind(random.int(2)),
        db.prepare(`UPDATE sites SET siteIsUse = 1 - siteIsUse WHERE siteId = ${anyId("sites", "siteId")}`),
        // Takes its vendor accounts (cascade) and sets its jobs' siteId to NULL.
        db.prepare(`DELETE FROM sites WHERE siteId = ${anyId("sites", "siteId")}`),
      ]);
    case 18:
      return random.pick([
        db
          .prepare(
            `INSERT INTO vendor_accounts (vendorSiteID, vendorName, loginMethod, vendorIsActive) VALUES (${anyId("sites", "siteId")}, 'V', 'cookie', ?1)`,
          )
          .bind(random.int(2)),
        db.prepare(
          `UPDATE vendor_accounts SET vendorIsActive = 1 - vendorIsActive, vendorSiteID = ${anyId("sites", "siteId")} WHERE vendorId = ${anyId("vendor_accounts", "vendorId")}`,
        ),
        db.prepare(`DELETE FROM vendor_accounts WHERE vendorId = ${anyId("vendor_accounts", "vendorId")}`),
      ]);
    case 19:
      return random.pick([
        db
          .prepare("INSERT INTO audit_log (action, outcome) VALUES ('activity', ?1)")
          .bind(random.pick(["ok", "denied", "failed"])),
        db
          .prepare("INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody, status) VALUES ('a@b.test', 'k', 's', 'b', ?1)")
          .bind(random.pick(["queued", "sent", "failed"])),
        db
          .prepare(`UPDATE outbox SET status = ?1 WHERE mailId = ${anyId("outbox", "mailId")}`)
          .bind(random.pick(["queued", "sent", "failed"])),
        db.prepare("INSERT INTO api_keys (keyName, keyPrefix, keyHash) VALUES ('k', 'pk', ?1)").bind(unique("hash")),
      ]);
    case 20:
      return db
        .prepare(`INSERT INTO quota_ledger (userId, delta, reason, createdAt) VALUES (${anyId("users", "userId")}, ?1, ?2, ?3)`)
        .bind(random.int(200) - 100 || 1, random.pick(["grant", "spend", "refund", "redeem", "adjust"]), at);
    case 21: {
      const days = random.int(60) + 1;
      return db
        .prepare(
          `INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef)
           VALUES (${anyId("users", "userId")}, ${anyId("items", "itemId")}, ?1, strftime('%Y-%m-%dT%H:%M:%fZ', ?1, ?2), ?3)`,
        )
        .bind(at, `+${days} days`, unique("grant"));
    }
    case 22:
      return db.prepare(`DELETE FROM subscriptions WHERE subscriptionId = ${anyId("subscriptions", "subscriptionId")}`);
    default:
      // Carries its users along (users.userRole ON UPDATE CASCADE); renamed back and forth.
      return db
        .prepare(
          "UPDATE roles SET roleName = CASE WHEN roleName LIKE '%-b' THEN substr(roleName, 1, length(roleName) - 2) ELSE roleName || '-b' END WHERE roleName IN (?1, ?1 || '-b')",
        )
        .bind(role);
  }
}

/** A statement that always fails (CHECK userQuota >= 0): its batch rolls back entirely. */
const failing = () =>
  env.DB.prepare(
    "INSERT INTO users (userName, userEmail, userRole, userQuota, passwordHash, passwordSalt, passwordIterations) VALUES ('x', ?1, 'client', -1, 'x', 'x', 1)",
  ).bind(unique("failing"));

/**
 * Runs `rounds` batches of 1–4 random writes; about one batch in five ends with a failing statement.
 * Statements that fail on their own (a random id of an empty table, a foreign key) abort their batch
 * the same way. Returns how many batches committed and how many rolled back.
 */
export async function randomActivity(seed: number, rounds: number) {
  const random = seededRandom(seed);
  const role = `activity-${seed}`;
  await env.DB.prepare("INSERT INTO roles (roleName) VALUES (?1) ON CONFLICT (roleName) DO NOTHING").bind(role).run();
  let committed = 0;
  let aborted = 0;
  for (let round = 0; round < rounds; round++) {
    const statements = Array.from({ length: random.int(4) + 1 }, () => randomStatement(random, role));
    if (random.next() < 0.2) statements.push(failing());
    try {
      await env.DB.batch(statements);
      committed += 1;
    } catch {
      aborted += 1;
    }
  }
  return { committed, aborted };
}
