import { writeFileSync } from "node:fs";
import path from "node:path";
import { bin, OFFLINE_ENV, run } from "../../scripts/lib";

/**
 * Bulk rows for the load benchmark: users, history and payments, written as SQL files of multi-row
 * INSERTs and applied with `wrangler d1 execute --local --file` (far faster than row-by-row calls).
 * Every bench user shares one placeholder password hash: they are listed, never signed in.
 */

const FIRST = ["Amira", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Karim", "Lea"];
const LAST = ["Martin", "Nasser", "Okafor", "Petit", "Quinn", "Rossi", "Smith", "Tanaka", "Umar", "Vidal", "Weber", "Young"];
const SITES = ["Turnitin", "Grammarly", "Scribbr", "Copyleaks"];
/** D1 refuses statements over 100 kB (SQLITE_TOOBIG); multi-row INSERTs stay well under. */
const STATEMENT_BYTES = 60_000;
const ROWS_PER_FILE = 25_000;

/** The search term the searchuser benchmark uses: a surname carried by 1 user in 12. */
export const BENCH_SEARCH = "Smith";

const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
const iso = (msAgo: number) => new Date(Date.UTC(2026, 0, 1) - msAgo).toISOString();
/** A unique id of at least 22 characters (the schema's floor for public ids). */
const publicId = (prefix: string, n: number) => `${prefix}${n.toString(36).padStart(21, "0")}`;

function userRow(i: number): string {
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
  return `(${q(name)}, ${q(`bench${i}@bench.test`)}, 'client', ${i % 50}, 1, 1, 'bench-unusable', 'bench-unusable', 1, ${q(iso(i * 60_000))})`;
}

function historyRow(i: number, firstUserId: number, users: number): string {
  const status = i % 10 === 0 ? 0 : i % 17 === 0 ? 2 : 1;
  const similarity = status === 1 ? String(i % 101) : "NULL";
  const site = SITES[i % SITES.length]!;
  return `(${q(publicId("h", i))}, ${firstUserId + (i % users)}, ${q(site)}, ${q(`${site} account ${1 + (i % 2)}`)}, ${q(`thesis-chapter-${i}.pdf`)}, ${q(`documents/bench-${i}.pdf`)}, ${1 + (i % 5)}, ${status}, ${similarity}, ${q(iso(i * 30_000))})`;
}

function paymentRow(i: number, firstUserId: number, users: number, invoice: number | null): string {
  const paid = invoice !== null;
  const status = paid ? "paid" : ["pending", "cancelled", "expired", "awaiting_confirmation"][i % 4]!;
  const created = iso(i * 45_000);
  const lines = JSON.stringify([{ kind: "bundle", refId: 1, name: "100 points", unitPrice: 900, qty: 1, lineTotal: 900 }]);
  return `(${q(publicId("p", i))}, ${firstUserId + (i % users)}, 900, 'USD', ${q(status)}, ${q(lines)}, 'bank', ${paid ? invoice : "NULL"}, ${q(created)}, ${q(iso(i * 45_000 - 86_400_000))}, ${paid ? q(created) : "NULL"})`;
}

function writeFiles(dir: string, name: string, head: string, count: number, row: (i: number) => string): string[] {
  const files: string[] = [];
  for (let start = 0; start < count; start += ROWS_PER_FILE) {
    const statements: string[] = [];
    let rows: string[] = [];
    let size = 0;
    const flush = () => {
      if (rows.length > 0) statements.push(`${head} VALUES\n${rows.join(",\n")};`);
      rows = [];
      size = 0;
    };
    for (let i = start; i < Math.min(count, start + ROWS_PER_FILE); i++) {
      const text = row(i);
      if (size + text.length > STATEMENT_BYTES) flush();
      rows.push(text);
      size += text.length + 2;
    }
    flush();
    const file = path.join(dir, `${name}-${files.length}.sql`);
    writeFileSync(file, statements.join("\n"));
    files.push(file);
  }
  return files;
}

async function execute(stateDir: string, file: string) {
  await run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file, "--yes"], {
    env: { ...process.env, ...OFFLINE_ENV, CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Bench users get ids from here on, well after the handful of seeded demo users. */
const FIRST_USER_ID = 1_000;

/**
 * Adds `count` users, history rows and payments (a third of them paid, with invoice numbers of their
 * own range) to the local D1 under `stateDir`. Returns how long the inserts took, in seconds.
 */
export async function seedBulk(stateDir: string, sqlDir: string, count: number): Promise<number> {
  const started = Date.now();
  const files = [
    ...writeFiles(
      sqlDir,
      "users",
      "INSERT INTO users (userId, userName, userEmail, userRole, userQuota, userIsActive, emailVerified, passwordHash, passwordSalt, passwordIterations, createdAt)",
      count,
      (i) => `(${FIRST_USER_ID + i}, ${userRow(i).slice(1)}`,
    ),
    ...writeFiles(
      sqlDir,
      "history",
      "INSERT INTO history (uniqueId, userId, siteName, vendorName, fileName, fileKey, pointsSpent, status, similarity, createdAt)",
      count,
      (i) => historyRow(i, FIRST_USER_ID, count),
    ),
    ...writeFiles(
      sqlDir,
      "payments",
      "INSERT INTO payments (referenceId, userId, amount, currency, status, lines, method, invoiceNumber, createdAt, expiresAt, paidAt)",
      count,
      // Invoice numbers far above what the demo data can reach, so they never collide.
      (i) => paymentRow(i, FIRST_USER_ID, count, i % 3 === 0 ? 1_000_000 + i : null),
    ),
  ];
  for (const file of files) await execute(stateDir, file);
  return (Date.now() - started) / 1000;
}
