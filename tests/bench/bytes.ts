import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bulkTables, insertStatements, type SeedContext } from "./seed-bulk";

/**
 * Bytes a job, a sale and a month of reminders add to D1 (issue 42 item 4, decision 0002 "Bytes"): the
 * migrations on a fresh SQLite file (what local D1 is), the bench's bulk rows at 10⁵ per large table, then
 * SAMPLE more of each and `PRAGMA page_count × page_size` before and after, split by table and index
 * (`dbstat`). Run alone: `npx tsx tests/bench/bytes.ts` (needs the sqlite3 command).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const COUNT = 100_000;
const SAMPLE = 10_000;
const GB10 = 10 * 1024 ** 3;

const dir = mkdtempSync(path.join(tmpdir(), "bench-bytes-"));
const file = path.join(dir, "d1.sqlite");
const sqlite = (sql: string) => execFileSync("sqlite3", ["-batch", file], { input: sql, maxBuffer: 1 << 28 }).toString();
const bytes = () => Number(sqlite("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size();").trim());
const byName = () =>
  new Map(
    sqlite("SELECT name, sum(pgsize) FROM dbstat GROUP BY name;")
      .trim()
      .split("\n")
      .map((line) => line.split("|"))
      .map(([name, size]) => [name!, Number(size)] as const),
  );

/** What `sql` adds, per one of SAMPLE, in all and by the tables and indexes that grew most. */
function growth(label: string, sql: string) {
  const [before, names] = [bytes(), byName()];
  sqlite(`BEGIN;\n${sql}\nCOMMIT;`);
  const after = byName();
  const perRow = (bytes() - before) / SAMPLE;
  const parts = [...after]
    .map(([name, size]) => [name, (size - (names.get(name) ?? 0)) / SAMPLE] as const)
    .filter(([, size]) => size >= 1)
    .sort((a, b) => b[1] - a[1]);
  console.log(`${label}: ${perRow.toFixed(0)} bytes (${parts.map(([n, s]) => `${n} ${s.toFixed(0)}`).join(", ")})`);
  return { perRow, parts: new Map(parts) };
}

sqlite(
  readdirSync(path.join(ROOT, "migrations"))
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => readFileSync(path.join(ROOT, "migrations", name), "utf8"))
    .join("\n"),
);
sqlite(`INSERT OR IGNORE INTO roles (roleName, roleDesc) VALUES ('support', 'bench'), ('client', 'bench'), ('admin', 'bench');
INSERT INTO users (userId, userName, userEmail, userRole, passwordHash, passwordSalt, passwordIterations)
  VALUES (1, 'Admin', 'admin@bench.test', 'admin', 'x', 'x', 1), (2, 'Client', 'client@bench.test', 'client', 'x', 'x', 1);
INSERT INTO sites (siteId, siteName, siteDesc, sitePrice) VALUES (1, 'Turnitin', '', 2), (2, 'Grammarly', '', 1);
INSERT INTO vendor_accounts (vendorId, vendorSiteID, vendorName, loginMethod)
  VALUES (1, 1, 'tii-1', 'cookie'), (2, 1, 'tii-2', 'cookie'), (3, 2, 'gr-1', 'email');
INSERT INTO items (itemId, itemName, itemPrice, itemDuration) VALUES (1, 'Pro', 1500, 30);
INSERT INTO bundles (bundleId, bundlePoin, bundlePPP) VALUES (1, 100, 10);`);
const ctx: SeedContext = {
  adminId: 1,
  clientId: 2,
  sites: [
    {
      siteId: 1,
      siteName: "Turnitin",
      sitePrice: 2,
      vendors: [
        { vendorId: 1, vendorName: "tii-1" },
        { vendorId: 2, vendorName: "tii-2" },
      ],
    },
    { siteId: 2, siteName: "Grammarly", sitePrice: 1, vendors: [{ vendorId: 3, vendorName: "gr-1" }] },
  ],
  items: [{ itemId: 1, itemName: "Pro", itemPrice: 1500, itemDuration: 30 }],
  bundles: [{ bundleId: 1, bundlePoin: 100, bundlePrice: 1000 }],
};
const tables = bulkTables(ctx, COUNT, Date.now(), 1, 1);
for (const table of [
  tables.users,
  tables.subscriptions,
  tables.history,
  tables.payments,
  tables.ledger,
  tables.audit,
  tables.outbox,
  tables.sessions,
]) {
  sqlite(`BEGIN;\n${insertStatements(table, COUNT).join(";\n")};\nCOMMIT;`);
}
sqlite(`INSERT INTO notifications (userId, kind, occasion, params, link, createdAt)
  SELECT userId, 'subscription-ending', 'bench:' || userId, '{"item":"Pro","days":3}', '/subscriptions', createdAt FROM users;`);
console.log(`D1 at ${COUNT.toLocaleString("en")} rows per large table: ${(bytes() / 1024 ** 2).toFixed(1)} MiB`);

const copy = (table: string, columns: string, select: string, from = table) =>
  `INSERT INTO ${table} (${columns}) SELECT ${select} FROM ${from} LIMIT ${SAMPLE};`;

// A job: its history row (indexes, FTS, counters, roll-ups) and the ledger row that spends its points.
const job = growth(
  "a job",
  copy(
    "history",
    "uniqueId, userId, siteId, vendorId, siteName, vendorName, fileName, fileKey, pointsSpent, status, similarity, createdAt, updatedAt",
    "uniqueId || '-b', userId, siteId, vendorId, siteName, vendorName, fileName, fileKey || '-b', pointsSpent, status, similarity, createdAt, updatedAt",
  ) + copy("quota_ledger", "userId, delta, reason, ref, note, createdAt", "userId, delta, reason, ref || '-b', note, createdAt"),
);
// A sale as flows.ts makes one: a new client, a session, a payment with its invoice, a subscription, the
// register, login and confirmation audit rows, the verification and receipt mails and the bell.
const sale = growth(
  "a sale",
  copy(
    "users",
    "userName, userEmail, userRole, userQuota, userIsActive, emailVerified, passwordHash, passwordSalt, passwordIterations, createdAt, updatedAt",
    "userName, 'b-' || userEmail, userRole, userQuota, userIsActive, emailVerified, passwordHash, passwordSalt, passwordIterations, createdAt, updatedAt",
  ) +
    copy(
      "sessions",
      "userId, tokenHash, rememberMe, idleSeconds, userAgent, ip, createdAt, lastSeenAt",
      "userId, tokenHash || '-b', rememberMe, idleSeconds, userAgent, ip, createdAt, lastSeenAt",
    ) +
    copy(
      "payments",
      "referenceId, userId, amount, currency, status, lines, method, invoiceNumber, refundedAmount, createdAt, expiresAt, paidAt, updatedAt",
      "referenceId || '-b', userId, amount, currency, status, lines, method, invoiceNumber + 1000000, refundedAmount, createdAt, expiresAt, paidAt, updatedAt",
    ) +
    copy(
      "subscriptions",
      "userId, itemId, startsAt, endsAt, grantRef, createdAt",
      "userId, itemId, startsAt, endsAt, grantRef || '-b', createdAt",
    ) +
    [1, 2, 3]
      .map(() =>
        copy(
          "audit_log",
          "actorId, actorEmail, action, subject, subjectId, outcome, detail, ip, createdAt",
          "actorId, actorEmail, action, subject, subjectId, outcome, detail, ip, createdAt",
        ),
      )
      .join("") +
    [1, 2]
      .map(() =>
        copy(
          "outbox",
          "toEmail, mailKind, mailSubject, mailBody, status, attempts, lastError, createdAt, sentAt",
          "toEmail, mailKind, mailSubject, mailBody, status, attempts, lastError, createdAt, sentAt",
        ),
      )
      .join("") +
    copy(
      "notifications",
      "userId, kind, occasion, params, link, createdAt",
      "userId, 'payment-confirmed', 'sale:' || notificationId, params, link, createdAt",
    ),
);
// A client's month of reminders: a bell and a mail (subscription ending, payment waiting, low balance).
const reminders = growth(
  "a client's month of reminders",
  copy(
    "notifications",
    "userId, kind, occasion, params, link, createdAt",
    "userId, kind, 'month:' || notificationId, params, link, createdAt",
  ) +
    copy(
      "outbox",
      "toEmail, mailKind, mailSubject, mailBody, status, attempts, lastError, createdAt, sentAt",
      "toEmail, mailKind, mailSubject, mailBody, status, attempts, lastError, createdAt, sentAt",
    ),
);
// What archiving leaves in D1 for each row it moves: a job's entry (its owner's download), a person's per chunk.
const jobEntry = growth(
  "an archived job's entry",
  copy("archive_jobs", "userId, uniqueId, chunkId", "userId, uniqueId, historyId / 500", "history"),
);
const personEntry = growth(
  "an archived person-chunk entry",
  `INSERT INTO archive_people (personKey, chunkId) SELECT 'u:' || userId, notificationId / 500 FROM notifications LIMIT ${SAMPLE};`,
);
rmSync(dir, { recursive: true, force: true });

/** What moves to R2 of a sample's growth: the archived tables, their indexes and full-text entries. */
const ARCHIVED = /^(history|outbox|audit_log|notifications)(_|$)|^sqlite_autoindex_(history|outbox|audit_log|notifications)_/;
const archivedShare = (g: { parts: Map<string, number> }) =>
  [...g.parts].filter(([name]) => ARCHIVED.test(name)).reduce((sum, [, size]) => sum + size, 0);

const CLIENTS = 100_000;
const JOBS = 1_000_000;
/** The reseller of decision 0002: 10⁶ jobs and, say, one sale per client a month, each client reminded once. */
const monthly = JOBS * job.perRow + CLIENTS * sale.perRow + CLIENTS * reminders.perRow;
const archivable = JOBS * archivedShare(job) + CLIENTS * archivedShare(sale) + CLIENTS * archivedShare(reminders);
const kept = monthly - archivable + JOBS * jobEntry.perRow + CLIENTS * 4 * personEntry.perRow;
console.log(
  `a month of the reseller: ${(monthly / 1024 ** 3).toFixed(2)} GiB, of which ${(archivable / 1024 ** 3).toFixed(2)} GiB can move to R2`,
);
console.log(`months before 10 GB without archiving: ${(GB10 / monthly).toFixed(1)}`);
/** With a retention of r months, D1 holds r months of what moves and every month of what stays. */
for (const retention of [13, 6, 3]) {
  const months = retention * monthly >= GB10 ? GB10 / monthly : (GB10 - retention * archivable) / kept;
  console.log(
    `months before 10 GB archiving after ${retention} months: ${months.toFixed(1)} (then D1 grows ${(kept / 1024 ** 2).toFixed(0)} MiB a month)`,
  );
}
