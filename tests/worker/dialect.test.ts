import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/src/db";

/**
 * The D1 dialect (worker/src/db/dialect.ts, over kysely-d1): Kysely reads the rows a statement changed from
 * the driver's `numAffectedRows` (handlers compare `numUpdatedRows` and `numDeletedRows` with 1), and logs
 * nothing about the driver (kysely-d1 0.4.0 also answers the retired `numUpdatedOrDeletedRows`, and Kysely
 * logged "outdated driver/plugin detected!").
 */
describe("the D1 dialect", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers rows inserted, updated and deleted, and the last insert id, without Kysely's driver warning", async () => {
    const logged = vi.spyOn(console, "log");
    const db = getDb(env.DB);
    const tag = `dialect-${Math.random().toString(36).slice(2, 8)}`;

    const inserted = await db
      .insertInto("counters")
      .values([
        { counterName: `${tag}-a`, counterValue: 1 },
        { counterName: `${tag}-b`, counterValue: 2 },
      ])
      .executeTakeFirstOrThrow();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    expect(typeof inserted.insertId).toBe("bigint");

    const updated = await db
      .updateTable("counters")
      .set({ counterValue: 5 })
      .where("counterName", "like", `${tag}-%`)
      .executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(2n);

    const none = await db
      .updateTable("counters")
      .set({ counterValue: 6 })
      .where("counterName", "=", `${tag}-missing`)
      .executeTakeFirstOrThrow();
    expect(none.numUpdatedRows).toBe(0n);

    const deleted = await db.deleteFrom("counters").where("counterName", "=", `${tag}-a`).executeTakeFirstOrThrow();
    expect(deleted.numDeletedRows).toBe(1n);

    const rows = await db.selectFrom("counters").selectAll().where("counterName", "like", `${tag}-%`).execute();
    expect(rows).toEqual([{ counterName: `${tag}-b`, counterValue: 5 }]);

    expect(logged.mock.calls.flat().join("\n")).not.toContain("outdated driver");
  });

  it("refuses an interactive transaction (D1 has none: a batch is one)", async () => {
    await expect(
      getDb(env.DB)
        .transaction()
        .execute(async () => undefined),
    ).rejects.toThrow(/batch/);
  });
});
