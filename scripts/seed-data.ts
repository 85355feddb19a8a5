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
    const bundles = [
      [50, 10, 0, 1],
      [100, 10, 5, 1],
      [250, 10, 10, 1],
      [1000, 10, 20, 0],
    ] as const;
    for (const [points, ppp, disc, active] of bundles) {
      await db
        .prepare("INSERT INTO bundles (bundlePoin, bundlePPP, bundleDisc, bundleIsActive) VALUES (?1, ?2, ?3, ?4)")
        .bind(points, ppp, disc, active)
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
  return { adminCreated: admin.created };
}
