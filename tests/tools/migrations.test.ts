import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { unstable_splitSqlQuery } from "wrangler";
import { describe, expect, it } from "vitest";

/**
 * `wrangler d1 migrations apply` (and the worker tests) cut each migration into statements with
 * wrangler's splitter, which takes `CASE` for the start of a block that ends at an `END` followed by a
 * space or `;` (a trigger body's BEGIN … END too): a `CASE … END)` or `END,` inside a trigger glues the
 * rest of the file into one statement. Each statement of a migration starts at the start of a line.
 */

const DIR = path.join(import.meta.dirname, "../../migrations");
const files = readdirSync(DIR).filter((f) => f.endsWith(".sql"));

describe("migrations", () => {
  it.each(files)("%s splits into its statements", (file) => {
    const text = readFileSync(path.join(DIR, file), "utf8");
    const starts = text.match(/^(CREATE|INSERT|DROP|ALTER|UPDATE|DELETE)\b/gm) ?? [];
    const statements = unstable_splitSqlQuery(text);
    expect(statements.map((s) => s.split(/\s+/).slice(0, 3).join(" "))).toHaveLength(starts.length);
  });
});
