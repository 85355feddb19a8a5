import { hashPassword } from "../worker/src/auth/password";
import { seal } from "../worker/src/auth/secretbox";

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  pepper: string;
  vendorKeys: string;
}

export const DEFAULT_ADMIN = { email: "admin@example.com", password: "Admin-portal-2026" };
export const DEMO_CLIENT = { email: "client@example.com", password: "Client-portal-2026", name: "Demo Client" };

/** The part of a D1 binding the seed uses (the Worker's types are not loaded in Node scripts). */
interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  first<T>(): Promise<T | null>;
  run(): Promise<unknown>;
}
export interface D1Like {
  prepare(sql: string): D1Statement;
}

async function count(db: D1Like, table: string) {
  return (await db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

async function ensureUser(
  db: D1Like,
  opts: { email: string; password: string; name: string; role: string; quota: number; pepper: string },
) {
  const existing = await db.prepare("SELECT userId FROM users WHERE userEmail = ?1").bind(opts.email).first<{ userId: number }>();
  if (existing) return { userId: existing.userId, created: false };
  const hash = await hashPassword(opts.password, opts.pepper);
  const row = await db
    .prepare(
      `INSERT INTO users (userName, userEmail, userRole, userQuota, emailVerified, passwordHash, passwordSalt, passwordIterations)
       VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, ?7) RETURNING userId`,
    )
    .bind(opts.name, opts.email, opts.role, opts.quota, hash.passwordHash, hash.passwordSalt, hash.passwordIterations)
    .first<{ userId: number }>();
  if (opts.quota > 0) {
    await db
      .prepare("INSERT INTO quota_ledger (userId, delta, reason, ref, note) VALUES (?1, ?2, 'adjust', ?3, 'Demo balance')")
      .bind(row!.userId, opts.quota, `seed:${row!.userId}`)
      .run();
  }
  return { userId: row!.userId, created: true };
}

/**
 * Seeds the admin and demo data. Idempotent: the admin and demo client are added when their email is
 * absent, each catalogue table only when it is empty.
 */
export async function seed(db: D1Like, opts: SeedOptions) {
  const admin = await ensureUser(db, {
    email: opts.adminEmail,
    password: opts.adminPassword,
    name: "Administrator",
    role: "admin",
    quota: 0,
    pepper: opts.pepper,
  });
  await ensureUser(db, { ...DEMO_CLIENT, role: "client", quota: 120, pepper: opts.pepper });
  for (let i = 1; i <= 3; i++) {
    await ensureUser(db, {
      email: `client${i}@example.com`,
      password: DEMO_CLIENT.password,
      name: ["Amira Haddad", "Lucas Martin", "Sofia Rossi"][i - 1]!,
      role: "client",
      quota: 0,
      pepper: opts.pepper,
    });
  }

  if ((await count(db, "sites")) === 0) {
    const sites = [
      ["Similarity Check", "Checks a document against published sources and returns a similarity score with a report.", 10],
      ["AI Writing Detector", "Estimates how much of a text was machine-written.", 15],
      ["Grammar Review", "A full grammar and style review of a document.", 5],
    ] as const;
    for (const [name, desc, price] of sites) {
      const site = await db
        .prepare("INSERT INTO sites (siteName, siteDesc, sitePrice, siteIsUse) VALUES (?1, ?2, ?3, 1) RETURNING siteId")
        .bind(name, desc, price)
        .first<{ siteId: number }>();
      for (let n = 1; n <= 2; n++) {
        const cookieLogin = n === 1;
        const secret = await seal(
          JSON.stringify(
            cookieLogin ? { vendorValue: `session=demo-${site!.siteId}-${n}` } : { vendorPassword: `demo-password-${n}` },
          ),
          opts.vendorKeys,
        );
        await db
          .prepare(
            "INSERT INTO vendor_accounts (vendorSiteID, vendorName, loginMethod, vendorEmail, vendorSecret, vendorIsActive) VALUES (?1, ?2, ?3, ?4, ?5, 1)",
          )
          .bind(
            site!.siteId,
            `${name} account ${n}`,
            cookieLogin ? "cookie" : "email",
            cookieLogin ? "" : `vendor${site!.siteId}-${n}@example.com`,
            secret,
          )
          .run();
      }
    }
  }

  if ((await count(db, "items")) === 0) {
    const items = [
      ["Starter plan", "One month of access to every site, for light use.", 990, 30, "https://example.com/starter"],
      ["Pro plan", "Three months of access with priority processing.", 2490, 90, "https://example.com/pro"],
      ["Team plan", "A year of access for a small team.", 8900, 365, "https://example.com/team"],
      ["Style guide pack", "A downloadable academic style guide.", 490, 30, "https://example.com/style-guide"],
    ] as const;
    for (const [name, desc, price, days, url] of items) {
      await db
        .prepare(
          "INSERT INTO items (itemName, itemDesc, itemPrice, itemDuration, itemUrl, itemIsActive) VALUES (?1, ?2, ?3, ?4, ?5, 1)",
        )
        .bind(name, desc, price, days, url)
        .run();
    }
  }

  if ((await count(db, "bundles")) === 0) {
    // Named in each language, so the shop and pricing cards say what each pack is for.
    const bundles = [
      [
        50,
        10,
        0,
        1,
        ["Starter", "Découverte", "البداية"],
        ["To try a few checks.", "Pour essayer quelques vérifications.", "لتجربة بعض عمليات الفحص."],
      ],
      [
        100,
        10,
        5,
        1,
        ["Regular", "Régulier", "المنتظم"],
        ["For a month of steady work.", "Pour un mois de travail régulier.", "لشهر من العمل المنتظم."],
      ],
      [
        250,
        10,
        10,
        1,
        ["Team", "Équipe", "الفريق"],
        ["For a team that checks every day.", "Pour une équipe qui vérifie chaque jour.", "لفريق يفحص كل يوم."],
      ],
      [
        1000,
        10,
        20,
        0,
        ["Institution", "Institution", "المؤسسة"],
        ["For a whole school or office.", "Pour toute une école ou un bureau.", "لمدرسة أو مكتب بأكمله."],
      ],
    ] as const;
    for (const [points, ppp, disc, active, [name, nameFr, nameAr], [desc, descFr, descAr]] of bundles) {
      await db
        .prepare(
          `INSERT INTO bundles (bundlePoin, bundlePPP, bundleDisc, bundleIsActive,
             bundleName, bundleNameFr, bundleNameAr, bundleDesc, bundleDescFr, bundleDescAr)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
        )
        .bind(points, ppp, disc, active, name, nameFr, nameAr, desc, descFr, descAr)
        .run();
    }
  }

  if ((await count(db, "coupons")) === 0) {
    const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
    const codes = ["WELCOME-7K3M", "WELCOME-9PQR", "SPRING-4TXW", "SPRING-8HJN", "EXPIRED-2BCD"];
    for (const code of codes) {
      await db
        .prepare("INSERT INTO coupons (couponCode, couponQuota, couponExpired, batchId) VALUES (?1, ?2, ?3, 'seed')")
        .bind(code, code.startsWith("SPRING") ? 50 : 20, code.startsWith("EXPIRED") ? "2024-01-31" : nextYear)
        .run();
    }
  }
  await seedDemoActivity(db);
  return { adminCreated: admin.created };
}

/** A payment's line for one bundle, as checkout freezes it (the demo seed's and the bench's payments). */
export function bundleLine(bundle: { bundleId: number; bundlePoin: number; bundlePrice: number }) {
  return {
    kind: "bundle" as const,
    refId: bundle.bundleId,
    name: `${bundle.bundlePoin} points`,
    unitPrice: bundle.bundlePrice,
    qty: 1,
    lineTotal: bundle.bundlePrice,
    points: bundle.bundlePoin,
  };
}

/** A small deterministic random source, so every fresh install shows the same demo figures. */
function demoRandom(seedValue: number) {
  let state = seedValue;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Sixty days of demo activity for the three demo clients (client1..3@example.com), so the dashboards
 * have figures on a fresh install: bundle and plan payments (paid with invoices, or pending,
 * cancelled, expired), the points they granted, jobs that spent them (done, failed and refunded,
 * queued) and a few redeemed coupons. Balances end as the sum of their ledger. Runs once: skipped when
 * demo payments exist. The demo client (client@example.com) keeps its plain 120 points.
 */
async function seedDemoActivity(db: D1Like) {
  const marker = "Demo activity";
  const done = await db.prepare("SELECT count(*) AS n FROM payments WHERE note = ?1").bind(marker).first<{ n: number }>();
  if (done!.n > 0) return;
  const users: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const row = await db
      .prepare("SELECT userId FROM users WHERE userEmail = ?1")
      .bind(`client${i}@example.com`)
      .first<{ userId: number }>();
    if (row) users.push(row.userId);
  }
  const bundle = await db
    .prepare(
      "SELECT bundleId, bundlePoin, bundlePrice FROM bundles WHERE bundleIsActive = 1 ORDER BY bundlePoin LIMIT 1 OFFSET 1",
    )
    .first<{ bundleId: number; bundlePoin: number; bundlePrice: number }>();
  const item = await db
    .prepare("SELECT itemId, itemName, itemPrice, itemDuration FROM items WHERE itemIsActive = 1 ORDER BY itemPrice LIMIT 1")
    .first<{ itemId: number; itemName: string; itemPrice: number; itemDuration: number }>();
  const sites: { siteId: number; siteName: string; sitePrice: number; vendorId: number; vendorName: string }[] = [];
  // One usable site after another (the D1 shim here reads one row per statement).
  for (let after = 0; ;) {
    const site = await db
      .prepare(
        `SELECT s.siteId, s.siteName, s.sitePrice, v.vendorId, v.vendorName FROM sites s
         JOIN vendor_accounts v ON v.vendorSiteID = s.siteId AND v.vendorIsActive = 1
         WHERE s.siteId > ?1 AND s.siteIsUse = 1 ORDER BY s.siteId, v.vendorId LIMIT 1`,
      )
      .bind(after)
      .first<{ siteId: number; siteName: string; sitePrice: number; vendorId: number; vendorName: string }>();
    if (!site) break;
    sites.push(site);
    after = site.siteId;
  }
  if (users.length === 0 || !bundle || !item || sites.length === 0) return;

  const random = demoRandom(2026);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const token = () =>
    Array.from({ length: 24 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(random() * 36)]).join("");
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const at = (daysAgo: number, hour: number) => new Date(today - daysAgo * 86_400_000 + hour * 3_600_000).toISOString();
  const balance = new Map(users.map((u) => [u, 0]));
  const ledger = (userId: number, delta: number, reason: string, ref: string, note: string, createdAt: string) => {
    balance.set(userId, balance.get(userId)! + delta);
    return db
      .prepare("INSERT INTO quota_ledger (userId, delta, reason, ref, note, createdAt) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      .bind(userId, delta, reason, ref, note, createdAt)
      .run();
  };
  const pay = async (userId: number, kind: "bundle" | "item", createdAt: string, status: string) => {
    const referenceId = token();
    const line =
      kind === "bundle"
        ? bundleLine(bundle)
        : {
            kind,
            refId: item.itemId,
            name: item.itemName,
            unitPrice: item.itemPrice,
            qty: 1,
            lineTotal: item.itemPrice,
            days: item.itemDuration,
          };
    const paidAt = status === "paid" ? new Date(Date.parse(createdAt) + 2 * 3_600_000).toISOString() : null;
    let invoice: number | null = null;
    if (paidAt) {
      await db.prepare("UPDATE counters SET counterValue = counterValue + 1 WHERE counterName = 'invoice'").run();
      invoice = (await db.prepare("SELECT counterValue AS n FROM counters WHERE counterName = 'invoice'").first<{ n: number }>())!
        .n;
    }
    await db
      .prepare(
        `INSERT INTO payments (referenceId, userId, amount, currency, status, lines, note, invoiceNumber, createdAt, expiresAt, paidAt, updatedAt)
         VALUES (?1, ?2, ?3, 'USD', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?8)`,
      )
      .bind(
        referenceId,
        userId,
        line.lineTotal,
        status,
        JSON.stringify([line]),
        marker,
        invoice,
        createdAt,
        new Date(Date.parse(createdAt) + 86_400_000).toISOString(),
        paidAt,
      )
      .run();
    if (!paidAt) return;
    if (kind === "bundle") await ledger(userId, bundle.bundlePoin, "grant", `grant:${referenceId}:0`, line.name, paidAt);
    else {
      const endsAt = new Date(Date.parse(paidAt) + item.itemDuration * 86_400_000).toISOString();
      await db
        .prepare(
          "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef, createdAt) VALUES (?1, ?2, ?3, ?4, ?5, ?3)",
        )
        .bind(userId, item.itemId, paidAt, endsAt, `payment:${referenceId}:0`)
        .run();
    }
  };

  for (const [i, userId] of users.entries()) {
    await db
      .prepare("UPDATE users SET createdAt = ?1 WHERE userId = ?2")
      .bind(at(60 - i * 9, 9), userId)
      .run();
    await pay(userId, "bundle", at(59 - i * 9, 10), "paid");
  }
  for (let daysAgo = 58; daysAgo >= 0; daysAgo--) {
    for (const userId of users) {
      const roll = random();
      if (roll < 0.16)
        await pay(
          userId,
          "bundle",
          at(daysAgo, 8 + Math.floor(random() * 10)),
          daysAgo === 0 ? "pending" : pick(["paid", "paid", "paid", "paid", "cancelled", "expired"]),
        );
      else if (roll < 0.2) await pay(userId, "item", at(daysAgo, 9), daysAgo === 0 ? "awaiting_confirmation" : "paid");
      const jobs = random() < 0.55 ? 1 + Math.floor(random() * 2) : 0;
      for (let j = 0; j < jobs; j++) {
        const site = pick(sites);
        if (balance.get(userId)! < site.sitePrice) break;
        const uniqueId = token();
        const createdAt = at(daysAgo, 11 + j * 3 + Math.floor(random() * 3));
        const status = daysAgo === 0 ? 0 : random() < 0.85 ? 1 : 2;
        await ledger(userId, -site.sitePrice, "spend", `spend:${uniqueId}`, site.siteName, createdAt);
        await db
          .prepare(
            `INSERT INTO history (uniqueId, userId, siteId, vendorId, siteName, vendorName, fileName, fileKey, pointsSpent, status, similarity, createdAt, updatedAt)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12)`,
          )
          .bind(
            uniqueId,
            userId,
            site.siteId,
            site.vendorId,
            site.siteName,
            site.vendorName,
            `draft-${daysAgo}-${j + 1}.pdf`,
            `demo/${uniqueId}`,
            site.sitePrice,
            status,
            status === 1 ? Math.floor(random() * 40) : null,
            createdAt,
          )
          .run();
        if (status === 2) await ledger(userId, site.sitePrice, "refund", `refund:${uniqueId}`, site.siteName, createdAt);
      }
    }
  }
  for (let i = 0; i < 4; i++) {
    const userId = users[i % users.length]!;
    const usedAt = at(50 - i * 13, 15);
    const coupon = await db
      .prepare(
        `INSERT INTO coupons (couponCode, couponQuota, couponExpired, couponUsed, couponUsedDate, couponUsedBy, batchId)
         VALUES (?1, 20, ?2, 'Y', ?3, ?4, 'demo') RETURNING couponId`,
      )
      .bind(`DEMO-${token().slice(0, 8).toUpperCase()}`, usedAt.slice(0, 10), usedAt, userId)
      .first<{ couponId: number }>();
    await ledger(userId, 20, "redeem", `coupon:${coupon!.couponId}`, "Demo coupon", usedAt);
  }
  for (const [userId, points] of balance) {
    await db.prepare("UPDATE users SET userQuota = ?1 WHERE userId = ?2").bind(points, userId).run();
  }
}
