import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { randomActivity } from "./activity-support";
import { call, callForm, createAdmin, createBundle, createCoupon, createUser, uniqueEmail } from "./helpers";

/**
 * The exact counters of migration 0190, kept by triggers: the live users, jobs and payments (the totals
 * of the unfiltered lists) and each role's live users (the roles page). Their invariant: each equals a
 * full count, computed here in JavaScript from the raw rows.
 */

type Row = Record<string, unknown>;
const rows = async (sql: string) => (await env.DB.prepare(sql).all<Row>()).results;

async function recount(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const add = (name: string) => (out[name] = (out[name] ?? 0) + 1);
  for (const u of await rows("SELECT userRole AS r FROM users WHERE deletedAt IS NULL")) {
    add("users");
    add(`role:${u.r}`);
  }
  for (const _ of await rows("SELECT historyId FROM history")) add("history");
  for (const _ of await rows("SELECT paymentId FROM payments")) add("payments");
  return out;
}

/** The stored counters (a counter at 0 and no counter mean the same). */
async function stored(): Promise<Record<string, number>> {
  const found = await rows(
    "SELECT counterName AS name, counterValue AS n FROM counters WHERE counterName NOT IN ('invoice', 'credit-note')",
  );
  return Object.fromEntries(found.filter((r) => r.n !== 0).map((r) => [r.name as string, r.n as number]));
}

describe("exact counters", () => {
  it("equal a full count after random creates, deletes, status changes and aborted batches", async () => {
    const { committed, aborted } = await randomActivity(13, 250);
    // Both kinds happened, so the comparison covers rolled-back trigger writes too.
    expect(committed).toBeGreaterThan(60);
    expect(aborted).toBeGreaterThan(20);
    const expected = await recount();
    expect(Object.keys(expected).length).toBeGreaterThan(4);
    expect(await stored()).toEqual(expected);
  }, 30_000);

  it("are computed from the rows already there by the migration", async () => {
    await randomActivity(17, 120);
    const expected = await recount();
    const backfillOf = (migration: string, table: string) =>
      env.TEST_MIGRATIONS.find((m) => m.name.startsWith(migration))!
        .queries.filter((q) => q.startsWith(`INSERT INTO ${table} `))
        .map((q) => env.DB.prepare(q));
    const backfill = backfillOf("0190", "counters");
    expect(backfill).toHaveLength(2);
    await env.DB.batch([env.DB.prepare("DELETE FROM counters WHERE counterName NOT IN ('invoice', 'credit-note')"), ...backfill]);
    expect(await stored()).toEqual(expected);
  }, 30_000);

  it("equal a full count after many concurrent calls", async () => {
    const admin = await createAdmin();
    const clients = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    const coupon = await createCoupon({ quota: 5 });
    const bundle = { bundleId: 0, bundlePoin: 10, bundlePPP: 5, bundleDisc: 0 };
    const forSale = await createBundle({ points: 20, ppp: 5 });
    // Concurrent creates: each client checks out two orders at once (one and two of the bundle).
    const checkouts = await Promise.all(
      [1, 2].flatMap((qty) =>
        clients.map((c) => call("checkout", { kind: "bundle", refId: forSale.bundleId, qty }, { cookie: c.cookie })),
      ),
    );
    const references = checkouts.map((c) => c.body.referenceId as string);
    expect(references.every(Boolean)).toBe(true);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        call("updatebundle", { ...bundle, bundleIsActive: i % 2 === 0 }, { cookie: admin.cookie }),
      ),
      ...Array.from({ length: 4 }, () =>
        call("generate-coupons", { couponQuota: 5, couponExpired: "2999-12-31", couponCount: 3 }, { cookie: admin.cookie }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        callForm(
          "updateuser",
          {
            userId: "0",
            userName: "Concurrent",
            userEmail: uniqueEmail("concurrent"),
            userPW: "correct horse battery",
            userRole: i % 2 ? "admin" : "client",
            userIsActive: String(i % 3 !== 0),
          },
          { cookie: admin.cookie },
        ),
      ),
      // One coupon, four clients at once: one redeems it.
      ...clients.map((c) => call("redeem-coupon", { couponCode: coupon.code }, { cookie: c.cookie })),
      ...clients.slice(0, 2).map((c) => call("deleteuser", { userId: c.userId }, { cookie: admin.cookie })),
      ...clients.map((c) => call("adjust-quota", { userId: c.userId, delta: 3, reason: "concurrent" }, { cookie: admin.cookie })),
      // Status changes racing on the same payment: confirm (paid, points granted) or cancel wins.
      ...references.flatMap((referenceId) => [
        call("confirm-payment", { referenceId }, { cookie: admin.cookie }),
        call("cancel-payment", { referenceId }, { cookie: admin.cookie }),
      ]),
    ]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(20);
    // Every payment raced once each way: one of the two won, the other was refused; deleting the buyer
    // cancels their open payments too (issue 30), and then both may be refused.
    // (A client's two checkouts at once may be answered the same payment: count by payment.)
    const settled = answers.slice(-2 * references.length).map((a) => a.status);
    const deleted = new Set(clients.slice(0, 2).map((c) => c.userId));
    const wins = new Map<string, { won: number; buyer: number }>();
    references.forEach((referenceId, i) => {
      const entry = wins.get(referenceId) ?? { won: 0, buyer: clients[i % clients.length]!.userId };
      entry.won += settled.slice(2 * i, 2 * i + 2).filter((status) => status === 200).length;
      wins.set(referenceId, entry);
    });
    for (const { won, buyer } of wins.values()) {
      if (deleted.has(buyer)) expect(won).toBeLessThanOrEqual(1);
      else expect(won).toBe(1);
    }
    expect(await stored()).toEqual(await recount());
  });
});
