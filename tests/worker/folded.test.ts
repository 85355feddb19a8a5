import { env } from "cloudflare:workers";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { FoldedSource, outputColumns, readFolded, runFolded } from "../../worker/src/db/folded";
import { newUsage } from "../../worker/src/db/meter";
import { meterD1 } from "../../worker/src/db/meter";
import { SESSION_CHANGED_ERROR, StaleSession, withSessionCheck } from "../../worker/src/db/session-check";

/**
 * db/folded.ts runs a read call's selects as one statement of JSON arrays. What it answers must be
 * what each select answers on its own: the same rows, values and order, whatever the order's kind.
 */

const db = () => getDb(env.DB);

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("CREATE TABLE IF NOT EXISTS fold_rows (id INTEGER PRIMARY KEY, label TEXT, amount REAL, note TEXT)"),
    env.DB.prepare("DELETE FROM fold_rows"),
    // Inserted in id order: any order other than the table's own must come from the part's ORDER BY.
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
       INSERT INTO fold_rows (id, label, amount, note)
       SELECT i, 'row "' || ((i * 7) % 40) || '" ✓', i * 1.5, CASE WHEN i % 3 = 0 THEN NULL ELSE 'n' || i END FROM n`,
    ),
  ]);
});

const plain = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
  const compiled = query.compile();
  return (
    await env.DB.prepare(compiled.sql)
      .bind(...compiled.parameters)
      .all()
  ).results;
};

describe("folded reads", () => {
  it("answer each part's rows as the part alone does: values, nulls, texts and order, with or without LIMIT", async () => {
    const rows = sql.table("fold_rows");
    const kysely = db();
    const parts = [
      // A LIMIT and OFFSET page ordered against the table's own order.
      kysely
        .selectFrom(rows.as("r"))
        .select([sql<number>`r.id`.as("id"), sql<string>`r.label`.as("label"), sql<number>`r.amount`.as("amount")])
        .orderBy(sql`r.label`, "desc")
        .orderBy(sql`r.id`)
        .limit(7)
        .offset(3),
      // No LIMIT: every row, in an order of its own.
      kysely
        .selectFrom(rows.as("r"))
        .select([sql<number>`r.id`.as("id"), sql<string | null>`r.note`.as("note")])
        .orderBy(sql`r.amount`, "desc"),
      // An aggregate, as a list's total.
      kysely.selectFrom(rows.as("r")).select([sql<number>`count(*)`.as("n"), sql<number>`max(r.amount)`.as("top")]),
      // No rows at all.
      kysely
        .selectFrom(rows.as("r"))
        .select(sql<number>`r.id`.as("id"))
        .where(sql<boolean>`r.id < 0`),
    ];
    const folded = await readFolded(env.DB, parts);
    expect(folded).toHaveLength(parts.length);
    for (const [i, part] of parts.entries()) expect(folded[i]!.results, `part ${i}`).toEqual(await plain(part));
    expect(folded[1]!.results.map((r) => r.id)).toEqual(Array.from({ length: 40 }, (_, i) => 40 - i));
  });

  it("are one round trip of one statement", async () => {
    const usage = newUsage();
    const metered = meterD1(env.DB, usage);
    const kysely = db();
    await readFolded(metered, [
      kysely.selectFrom("users").select("userId").limit(3),
      kysely.selectFrom("counters").select("counterName"),
    ]);
    expect(usage).toMatchObject({ roundTrips: 1, statements: 1 });
  });

  it("read a source once for every part: its columns by its alias, its parameters after the parts'", async () => {
    const kysely = db();
    const rows = sql.table("fold_rows");
    const source = new FoldedSource(
      "picked",
      kysely.selectNoFrom([sql<number>`${7}`.as("low"), sql<number>`${12}`.as("high"), sql<string>`${"x"}`.as("tag")]),
    );
    const between = kysely
      .selectFrom(rows.as("r"))
      .select(sql<number>`r.id`.as("id"))
      .where(sql<boolean>`r.id BETWEEN picked.low AND picked.high AND r.id % ${2} = 0`)
      .orderBy(sql`r.id`);
    const tagged = kysely.selectNoFrom([
      sql<string>`picked.tag || ${"-"}`.as("label"),
      sql<number>`picked.high + ${1}`.as("next"),
    ]);
    const usage = newUsage();
    // A session check leads the statement with numbered parameters: the rest still bind in order.
    const checked = withSessionCheck(meterD1(env.DB, usage), {
      sql: "(CASE WHEN ?1 = 'ok' THEN 1 ELSE abs(-9223372036854775808) END)",
      binds: ["ok"],
    });
    const [evens, source_, label] = await readFolded(checked.d1, [between, source, tagged]);
    expect(evens!.results).toEqual([{ id: 8 }, { id: 10 }, { id: 12 }]);
    expect(label!.results).toEqual([{ label: "x-", next: 13 }]);
    // The source answers nothing of its own.
    expect(source_!.results).toEqual([]);
    expect(usage).toMatchObject({ roundTrips: 1, statements: 1 });
  });

  it("refuse a source that might not be exactly one row", () => {
    const kysely = db();
    expect(() => new FoldedSource("s", kysely.selectFrom("users").select("userId"))).toThrow(/one row|values alone/);
    expect(() => new FoldedSource("s", kysely.selectNoFrom(sql<number>`1`.as("one")).where(sql<boolean>`0`))).toThrow(
      /values alone/,
    );
    expect(() => new FoldedSource("s", kysely.selectNoFrom(sql<number>`1`.as("one")).limit(0))).toThrow(/values alone/);
    expect(() => new FoldedSource("a b", kysely.selectNoFrom(sql<number>`1`.as("one")))).toThrow(/plain alias/);
  });

  it("refuse a part whose columns have no plain name", () => {
    const kysely = db();
    expect(() => outputColumns(kysely.selectFrom("users").selectAll())).toThrow(/plain name/);
    expect(() => outputColumns(kysely.selectFrom("users").select(sql`1`.as("x y")))).toThrow(/plain name/);
    expect(outputColumns(kysely.selectFrom("users as u").select(["u.userId", "userName", sql`1`.as("one")]))).toEqual([
      "userId",
      "userName",
      "one",
    ]);
  });
});

describe("a folded read on a remembered session", () => {
  const holds = { sql: "(1)", binds: [] };
  const changed = { sql: "(abs(-9223372036854775808))", binds: [] };
  const part = { sql: "SELECT ? AS answer", binds: [42], columns: ["answer"] };

  it("carries the check as its first column: one statement, and the session is confirmed", async () => {
    const usage = newUsage();
    const checked = withSessionCheck(meterD1(env.DB, usage), holds);
    const [rows] = await runFolded(checked.d1, [part]);
    expect(rows!.results).toEqual([{ answer: 42 }]);
    expect(usage).toMatchObject({ roundTrips: 1, statements: 1 });
    await checked.confirm();
    expect(usage.statements).toBe(1);
    // Once confirmed, later reads carry no check.
    await runFolded(checked.d1, [part]);
    expect(usage).toMatchObject({ roundTrips: 2, statements: 2 });
  });

  it("turns a changed session into StaleSession, reading nothing", async () => {
    const checked = withSessionCheck(env.DB, changed);
    await expect(runFolded(checked.d1, [part])).rejects.toBeInstanceOf(StaleSession);
    await expect(checked.confirm()).rejects.toBeInstanceOf(StaleSession);
  });

  it("checks alone when the read itself fails, then answers the read's error", async () => {
    const broken = { sql: "SELECT answer FROM no_such_table", binds: [], columns: ["answer"] };
    const usage = newUsage();
    const ok = withSessionCheck(meterD1(env.DB, usage), holds);
    await expect(runFolded(ok.d1, [broken])).rejects.toThrow(/no such table/);
    await ok.confirm();
    expect(usage).toMatchObject({ roundTrips: 2, statements: 2 });
    const stale = withSessionCheck(env.DB, changed);
    await expect(runFolded(stale.d1, [broken])).rejects.toBeInstanceOf(StaleSession);
    expect(String(new Error(SESSION_CHANGED_ERROR))).toContain("integer overflow");
  });
});
