import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A domain row's type comes from the select that reads it (worker/src/db/rows.ts: `RowOf<typeof select…>`,
 * `ColumnsOf<table, typeof COLUMNS>`), not from an interface that names every field a third time beside the
 * answer's schema and the select.
 */

const DOMAIN = path.resolve(import.meta.dirname, "../../worker/src/domain");

/** The .ts files under `dir`. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : entry.name.endsWith(".ts") ? [file] : [];
  });

/** The hand-written row interfaces of `source`: `interface PaymentRow {`, `export interface XRow extends …`. */
const rowInterfaces = (source: string) => [...source.matchAll(/^\s*(?:export\s+)?interface\s+(\w+Row)\b/gm)].map((m) => m[1]);

describe("domain row types", () => {
  it("finds a hand-written row interface (the check itself)", () => {
    expect(rowInterfaces("export interface PaymentRow {\n  a: number;\n}\ninterface CardRow extends X {}\n")).toEqual([
      "PaymentRow",
      "CardRow",
    ]);
    expect(rowInterfaces('export type PaymentRow = ColumnsOf<"payments", typeof PAYMENT_COLUMNS>;\n')).toEqual([]);
  });

  it("worker/src/domain has none: each row type comes from its select", () => {
    const found = sourceFiles(DOMAIN).flatMap((file) =>
      rowInterfaces(readFileSync(file, "utf8")).map((name) => `${path.relative(DOMAIN, file)}: ${name}`),
    );
    expect(found).toEqual([]);
  });
});
