import { bundleLine } from "../../scripts/seed-data";

/**
 * Bulk rows for the load benchmark: `count` rows in every table that grows with use, written as
 * multi-row INSERTs through the bench server's D1 binding (migrations and the demo seed ran first,
 * with the project's own scripts). Values are spread the way a running portal spreads them, so that
 * filters and searches mean something: roles, active flags, plans, sites and vendors, statuses,
 * outcomes, and creation dates over the last two years. Every bench user shares one placeholder
 * password hash: they are listed, never signed in.
 */

/** The part of a D1 binding the seed uses (Miniflare's binding, in Node). */
export interface SeedDb {
  prepare(sql: string): SeedStatement;
  batch(statements: SeedStatement[]): Promise<unknown>;
}
interface SeedStatement {
  bind(...values: unknown[]): SeedStatement;
  first<T>(): Promise<T | null>;
  all<T>(): Promise<{ results: T[] }>;
  run(): Promise<unknown>;
}

const FIRST = ["Amira", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Karim", "Lea"];
const LAST = ["Martin", "Nasser", "Okafor", "Petit", "Quinn", "Rossi", "Smith", "Tanaka", "Umar", "Vidal", "Weber", "Young"];
const AUDIT_ACTIONS = ["update-user", "create-user", "generate-coupons", "update-payment", "login", "update-site", "update-item"];
const MAIL_KINDS = ["verify-email", "reset-password", "invoice"];
/** D1 refuses statements over 100 kB (SQLITE_TOOBIG); multi-row INSERTs stay well under. */
const STATEMENT_BYTES = 60_000;
/** Statements sent per round trip to the binding. */
const STATEMENTS_PER_BATCH = 8;
const DAY_MS = 86_400_000;
/** Rows are spread over this many days before now, oldest first (ids grow with time, as in use). */
const SPAN_DAYS = 730;
/** Bench users get ids from here on, well after the handful of seeded demo users. */
const FIRST_USER_ID = 1_000;

/** Search terms and filter values the bench's calls use, chosen from what the seed writes. */
export const BENCH_TERMS = {
  /** A surname carried by one bench user in twelve. */
  userName: "Smith",
  /** One job's file name (and the ten whose number extends it). */
  fileName: "chapter-4242",
  /** A batch of coupon codes. */
  couponCode: "BENCH-00A",
  /** An action name one audit row in seven carries. */
  auditAction: "coupon",
};

/** The custom role a few bench users have, next to the built-in admin and client. */
const SUPPORT_ROLE = "support";

const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A unique id of at least 22 characters (the schema's floor for public ids). */
const publicId = (prefix: string, n: number) => `${prefix}${n.toString(36).padStart(21, "0")}`;

/** What the demo seed made, which bench rows point at. */
export interface SeedContext {
  adminId: number;
  /** The signed-in client of the bench's client calls: a heavy user (its own lists are long). */
  clientId: number;
  sites: { siteId: number; siteName: string; sitePrice: number; vendors: { vendorId: number; vendorName: string }[] }[];
  /** The catalogue on sale (active items and bundles). */
  items: { itemId: number; itemName: string; itemPrice: number; itemDuration: number }[];
  bundles: { bundleId: number; bundlePoin: number; bundlePrice: number }[];
}

export async function readSeedContext(db: SeedDb, adminEmail: string, clientEmail: string): Promise<SeedContext> {
  const idOf = async (email: string) => {
    const row = await db.prepare("SELECT userId FROM users WHERE userEmail = ?1").bind(email).first<{ userId: number }>();
    if (!row) throw new Error(`the demo seed has no user ${email}`);
    return row.userId;
  };
  const vendors = (
    await db
      .prepare(
        `SELECT s.siteId, s.siteName, s.sitePrice, v.vendorId, v.vendorName FROM sites s
         JOIN vendor_accounts v ON v.vendorSiteID = s.siteId ORDER BY s.siteId, v.vendorId`,
      )
      .all<{ siteId: number; siteName: string; sitePrice: number; vendorId: number; vendorName: string }>()
  ).results;
  const sites: SeedContext["sites"] = [];
  for (const v of vendors) {
    let site = sites.find((s) => s.siteId === v.siteId);
    if (!site) sites.push((site = { siteId: v.siteId, siteName: v.siteName, sitePrice: v.sitePrice, vendors: [] }));
    site.vendors.push({ vendorId: v.vendorId, vendorName: v.vendorName });
  }
  const items = (
    await db
      .prepare("SELECT itemId, itemName, itemPrice, itemDuration FROM items WHERE itemIsActive = 1 ORDER BY itemId")
      .all<SeedContext["items"][0]>()
  ).results;
  const bundles = (
    await db
      .prepare("SELECT bundleId, bundlePoin, bundlePrice FROM bundles WHERE bundleIsActive = 1 ORDER BY bundleId")
      .all<SeedContext["bundles"][0]>()
  ).results;
  if (sites.length === 0 || items.length === 0 || bundles.length === 0) throw new Error("the demo seed has no catalogue");
  return { adminId: await idOf(adminEmail), clientId: await idOf(clientEmail), sites, items, bundles };
}

/** One table's bulk rows: its INSERT head and the SQL values of row i (a parenthesised tuple), or null for none. */
interface BulkTable {
  head: string;
  row: (i: number) => string | null;
}

/** Multi-row INSERT statements of at most STATEMENT_BYTES each, for rows 0..count-1. */
export function insertStatements(table: BulkTable, count: number): string[] {
  const statements: string[] = [];
  let rows: string[] = [];
  let size = 0;
  const flush = () => {
    if (rows.length > 0) statements.push(`${table.head} VALUES\n${rows.join(",\n")}`);
    rows = [];
    size = 0;
  };
  for (let i = 0; i < count; i++) {
    const text = table.row(i);
    if (text === null) continue;
    if (size + text.length > STATEMENT_BYTES) flush();
    rows.push(text);
    size += text.length + 2;
  }
  flush();
  return statements;
}

async function insertAll(db: SeedDb, table: BulkTable, count: number) {
  const statements = insertStatements(table, count);
  for (let at = 0; at < statements.length; at += STATEMENTS_PER_BATCH) {
    await db.batch(statements.slice(at, at + STATEMENTS_PER_BATCH).map((sql) => db.prepare(sql)));
  }
}

/** The bulk tables for `count` rows each, around `now`. Exported for the seed's own checks. */
export function bulkTables(ctx: SeedContext, count: number, now: number, invoiceFrom: number, creditNoteFrom: number) {
  /** Row i of `count` is created this long ago: oldest first, spread over SPAN_DAYS. */
  const createdAt = (i: number) => now - Math.floor(((count - i) * SPAN_DAYS * DAY_MS) / count);
  const iso = (ms: number) => new Date(ms).toISOString();
  const user = (i: number) => FIRST_USER_ID + (i % count);
  /** One row in ten of the per-user tables belongs to the bench client, the rest to bench users. */
  const owner = (i: number) => (i % 10 === 0 ? ctx.clientId : user(i * 7));
  const site = (i: number) => ctx.sites[i % ctx.sites.length]!;
  /** How many payments before row i are paid (six in ten): row i's invoice number is invoiceFrom plus that. */
  const paidBefore = (i: number) => Math.floor(i / 10) * 6 + Math.min(i % 10, 6);

  const users: BulkTable = {
    head: "INSERT INTO users (userId, userName, userEmail, userRole, userQuota, userIsActive, emailVerified, passwordHash, passwordSalt, passwordIterations, deletedAt, createdAt, updatedAt)",
    row: (i) => {
      const id = FIRST_USER_ID + i;
      const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
      const deleted = i % 97 === 96;
      const role = i % 100 === 0 ? "admin" : i % 100 < 5 ? SUPPORT_ROLE : "client";
      const email = deleted ? `deleted-${id}@deleted.invalid` : `bench${i}@bench.test`;
      const at = q(iso(createdAt(i)));
      return `(${id}, ${q(name)}, ${q(email)}, ${q(role)}, ${i % 500}, ${i % 10 === 9 ? 0 : 1}, 1, 'bench-unusable', 'bench-unusable', 1, ${deleted ? at : "NULL"}, ${at}, ${at})`;
    },
  };

  const subscriptions: BulkTable = {
    head: "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef, createdAt)",
    row: (i) => {
      const item = ctx.items[i % ctx.items.length]!;
      const starts = createdAt(i);
      return `(${user(i * 3)}, ${item.itemId}, ${q(iso(starts))}, ${q(iso(starts + item.itemDuration * DAY_MS))}, ${q(`bench:${i}`)}, ${q(iso(starts))})`;
    },
  };

  const history: BulkTable = {
    head: "INSERT INTO history (uniqueId, userId, siteId, vendorId, siteName, vendorName, fileName, fileKey, pointsSpent, status, similarity, createdAt, updatedAt)",
    row: (i) => {
      const s = site(i);
      const v = s.vendors[Math.floor(i / ctx.sites.length) % s.vendors.length]!;
      const at = createdAt(i);
      // Jobs of the last hour are still queued; of the rest, about one in ten failed.
      const status = now - at < 3_600_000 ? 0 : i % 10 === 3 ? 2 : 1;
      const file = `thesis-chapter-${i}.pdf`;
      return `(${q(publicId("h", i))}, ${owner(i)}, ${s.siteId}, ${v.vendorId}, ${q(s.siteName)}, ${q(v.vendorName)}, ${q(file)}, ${q(`documents/bench-${i}.pdf`)}, ${s.sitePrice}, ${status}, ${status === 1 ? (i * 37) % 101 : "NULL"}, ${q(iso(at))}, ${q(iso(at))})`;
    },
  };

  const payments: BulkTable = {
    head: "INSERT INTO payments (referenceId, userId, amount, currency, status, lines, method, invoiceNumber, refundedAmount, createdAt, expiresAt, paidAt, updatedAt)",
    row: (i) => {
      const at = createdAt(i);
      const open = now - at < DAY_MS;
      // Six in ten are paid (numbered in order); the rest pending while fresh, else expired,
      // awaiting confirmation or cancelled.
      const kind = i % 10;
      const status =
        kind < 6 ? "paid" : kind === 6 ? (open ? "pending" : "expired") : kind === 7 ? "awaiting_confirmation" : "cancelled";
      const bundle = ctx.bundles[i % ctx.bundles.length]!;
      const paid = status === "paid";
      const paidAt = paid ? q(iso(at + 2 * 3_600_000)) : "NULL";
      const invoice = paid ? invoiceFrom + paidBefore(i) : "NULL";
      const refunded = refundOf(i, bundle.bundlePrice);
      const shown = refunded ? (refunded.amount === bundle.bundlePrice ? "refunded" : "partially_refunded") : status;
      return `(${q(publicId("p", i))}, ${owner(i)}, ${bundle.bundlePrice}, 'USD', ${q(shown)}, ${q(JSON.stringify([bundleLine(bundle)]))}, ${i % 20 === 0 ? "'gateway'" : "'bank'"}, ${invoice}, ${refunded?.amount ?? 0}, ${q(iso(at))}, ${q(iso(at + DAY_MS))}, ${paidAt}, ${q(iso(at))})`;
    },
  };

  /**
   * Payment i's settled refund, if any: one payment in ten, all paid ones (i % 20 of 0 and 1, so half of
   * them the bench client's), refunded by hand in full or in half, each with its credit note.
   */
  const refundOf = (i: number, price: number) =>
    i % 20 < 2 && price >= 2 ? { amount: i % 20 === 0 ? price : Math.floor(price / 2), note: refundsBefore(i) + 1 } : null;
  /** How many refunds payments before row i have: row i's credit note number is creditNoteFrom plus that. */
  const refundsBefore = (i: number) => Math.floor(i / 20) * 2 + Math.min(i % 20, 2);

  const refunds: BulkTable = {
    head: "INSERT INTO refunds (refundKey, referenceId, userId, amount, currency, reason, method, status, creditNoteNumber, lines, netAmount, taxAmount, actorId, createdAt, settledAt)",
    row: (i) => {
      const bundle = ctx.bundles[i % ctx.bundles.length]!;
      const refunded = refundOf(i, bundle.bundlePrice);
      if (!refunded) return null;
      const at = q(iso(createdAt(i) + 3 * DAY_MS));
      const points = Math.floor((bundle.bundlePoin * refunded.amount) / bundle.bundlePrice);
      const line = {
        kind: "bundle",
        refId: bundle.bundleId,
        name: `${bundle.bundlePoin} points`,
        points,
        gross: refunded.amount,
        net: refunded.amount,
        tax: 0,
      };
      return `(${q(publicId("r", i))}, ${q(publicId("p", i))}, ${owner(i)}, ${refunded.amount}, 'USD', 'Bench refund', 'manual', 'succeeded', ${creditNoteFrom - 1 + refunded.note}, ${q(JSON.stringify([line]))}, ${refunded.amount}, 0, ${ctx.adminId}, ${at}, ${at})`;
    },
  };

  const coupons: BulkTable = {
    head: "INSERT INTO coupons (couponCode, couponQuota, couponExpired, couponUsed, couponUsedDate, couponUsedBy, batchId, createdAt)",
    row: (i) => {
      const at = createdAt(i);
      // Four in ten used, two in ten expired unused, four in ten still to redeem (valid a year from now).
      const kind = i % 10;
      const used = kind < 4;
      const expires = used ? at + 365 * DAY_MS : kind < 6 ? Math.min(at + 30 * DAY_MS, now - DAY_MS) : now + 365 * DAY_MS;
      const code = `BENCH-${i.toString(36).toUpperCase().padStart(6, "0")}`;
      const usedAt = used ? q(iso(at + DAY_MS)) : "NULL";
      return `(${q(code)}, ${[20, 50, 100][i % 3]}, ${q(iso(expires).slice(0, 10))}, ${used ? "'Y'" : "'N'"}, ${usedAt}, ${used ? user(i * 11) : "NULL"}, ${q(`bench-${Math.floor(i / 1000)}`)}, ${q(iso(at))})`;
    },
  };

  const ledger: BulkTable = {
    head: "INSERT INTO quota_ledger (userId, delta, reason, ref, note, createdAt)",
    row: (i) => {
      // All for the bench client, whose search-quota the bench measures: grants, spends, refunds, redeems.
      const kind = i % 20;
      const [delta, reason] =
        kind < 4
          ? [100, "grant"]
          : kind < 16
            ? [-10, "spend"]
            : kind < 18
              ? [10, "refund"]
              : kind < 19
                ? [20, "redeem"]
                : [5, "adjust"];
      return `(${ctx.clientId}, ${delta}, ${q(reason)}, ${q(`bench:${i}`)}, 'Bench', ${q(iso(createdAt(i)))})`;
    },
  };

  const audit: BulkTable = {
    head: "INSERT INTO audit_log (actorId, actorEmail, action, subject, subjectId, outcome, detail, ip, createdAt)",
    row: (i) => {
      const action = AUDIT_ACTIONS[i % AUDIT_ACTIONS.length]!;
      const outcome = i % 30 === 0 ? "failed" : i % 15 === 0 ? "denied" : "ok";
      const byAdmin = action !== "login";
      const actor = byAdmin ? ctx.adminId : user(i);
      const subject = action.includes("coupon") ? "Coupon" : action.includes("payment") ? "Payment" : "User";
      return `(${actor}, ${q(byAdmin ? "admin@example.com" : `bench${i % count}@bench.test`)}, ${q(action)}, ${q(subject)}, ${q(String(user(i * 5)))}, ${q(outcome)}, '{}', '127.0.0.1', ${q(iso(createdAt(i)))})`;
    },
  };

  const outbox: BulkTable = {
    head: "INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody, status, attempts, lastError, createdAt, sentAt)",
    row: (i) => {
      const kind = MAIL_KINDS[i % MAIL_KINDS.length]!;
      const at = createdAt(i);
      const status = i % 50 === 0 ? "failed" : now - at < 300_000 ? "queued" : "sent";
      return `(${q(`bench${i % count}@bench.test`)}, ${q(kind)}, ${q(`Your ${kind} mail`)}, ${q(`Hello, this is mail ${i}.`)}, ${q(status)}, ${status === "failed" ? 5 : 1}, ${status === "failed" ? "'550 mailbox unavailable'" : "NULL"}, ${q(iso(at))}, ${status === "sent" ? q(iso(at + 60_000)) : "NULL"})`;
    },
  };

  const sessions: BulkTable = {
    head: "INSERT INTO sessions (userId, tokenHash, rememberMe, idleSeconds, userAgent, ip, createdAt, lastSeenAt)",
    row: (i) => {
      const at = createdAt(i);
      return `(${user(i * 13)}, ${q(`bench${i.toString(16).padStart(58, "0")}`)}, ${i % 2}, ${i % 2 ? 2_592_000 : 43_200}, 'Bench', '127.0.0.1', ${q(iso(at))}, ${Math.floor(at / 1000)})`;
    },
  };

  return {
    users,
    subscriptions,
    history,
    payments,
    refunds,
    coupons,
    ledger,
    audit,
    outbox,
    sessions,
    paidBefore,
    refundsBefore,
  };
}

/** Fresh unused coupons, one per redeem-coupon request of the bench (prefix POOL-, never listed by a case). */
export const poolCode = (n: number) => `POOL-${n.toString(36).toUpperCase().padStart(8, "0")}`;

/**
 * Adds `count` rows to every table that grows with use, plus `poolSize` coupons for redeem-coupon,
 * and gives the bench client enough points for every submit-job of the run. Invoice numbers
 * continue the counter without gaps, and every balance stays the sum of its ledger. Returns how long
 * it took, in seconds.
 */
export async function seedBulk(db: SeedDb, ctx: SeedContext, count: number, poolSize: number): Promise<number> {
  const started = Date.now();
  const now = Date.now();
  const counter = await db.prepare("SELECT counterValue AS n FROM counters WHERE counterName = 'invoice'").first<{ n: number }>();
  const invoiceFrom = (counter?.n ?? 0) + 1;
  const notes = await db
    .prepare("SELECT counterValue AS n FROM counters WHERE counterName = 'credit-note'")
    .first<{ n: number }>();
  const creditNoteFrom = (notes?.n ?? 0) + 1;
  const tables = bulkTables(ctx, count, now, invoiceFrom, creditNoteFrom);
  await db.batch([
    db.prepare("INSERT OR IGNORE INTO roles (roleName, roleDesc) VALUES (?1, 'Reads users and jobs')").bind(SUPPORT_ROLE),
    db
      .prepare(
        `INSERT INTO role_rules (roleId, action, subject)
         SELECT roleId, 'read', subject FROM roles, (SELECT 'User' AS subject UNION ALL SELECT 'History') WHERE roleName = ?1`,
      )
      .bind(SUPPORT_ROLE),
  ]);
  for (const table of [tables.users, tables.subscriptions, tables.history, tables.payments, tables.refunds, tables.coupons]) {
    await insertAll(db, table, count);
  }
  for (const table of [tables.ledger, tables.audit, tables.outbox, tables.sessions]) await insertAll(db, table, count);
  await insertAll(
    db,
    {
      head: "INSERT INTO coupons (couponCode, couponQuota, couponExpired, batchId)",
      row: (i) => `(${q(poolCode(i))}, 10, '2999-12-31', 'bench-pool')`,
    },
    poolSize,
  );
  await db.batch([
    db
      .prepare("UPDATE counters SET counterValue = ?1 WHERE counterName = 'invoice'")
      .bind(invoiceFrom - 1 + tables.paidBefore(count)),
    db
      .prepare("UPDATE counters SET counterValue = ?1 WHERE counterName = 'credit-note'")
      .bind(creditNoteFrom - 1 + tables.refundsBefore(count)),
    // Points for every submit-job of the run, as an adjustment the balance sums up.
    db
      .prepare(
        "INSERT INTO quota_ledger (userId, delta, reason, ref, note) VALUES (?1, 1000000000, 'adjust', 'bench:points', 'Bench')",
      )
      .bind(ctx.clientId),
    db
      .prepare("UPDATE users SET userQuota = (SELECT sum(delta) FROM quota_ledger WHERE userId = ?1) WHERE userId = ?1")
      .bind(ctx.clientId),
  ]);
  return (Date.now() - started) / 1000;
}
