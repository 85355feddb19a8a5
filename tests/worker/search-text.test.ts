import { beforeAll, describe, expect, it } from "vitest";
import type { AppAbility } from "../../worker/src/auth/ability";
import { routes } from "../../worker/src/routes";
import { call, createItem } from "./helpers";
import {
  abilityOfRole,
  changedTables,
  fieldsOf,
  insertUser,
  installChangeLog,
  sessionCookie,
  snapshot,
  watchedTables,
  type Principal,
} from "./proof-support";

/**
 * Text with control characters, bidirectional formatting and lone surrogates, in every field of every
 * list call: 200 or 400, never 500 (a NUL inside a searchitem search was a 500: FTS5 reads its query
 * only up to a NUL), and nothing changes.
 */
const HOSTILE: Array<[string, string]> = [
  ["NUL inside a word", "abc\u0000def"],
  ["NUL alone", "\u0000"],
  ["NULs", "\u0000\u0000\u0000"],
  ["other C0 controls", "abc\u0001\u0008\u001bdef"],
  ["tab and newline", "abc\tdef\r\nghi"],
  ["DEL and C1 controls", "abc\u007f\u0085\u009bdef"],
  ["bidi overrides", "\u202Eabc\u202Cdef\u202A\u202B\u202D"],
  ["bidi isolates", "abc\u2066def\u2067\u2068\u2069"],
  ["a lone high surrogate", "abc\uD800def"],
  ["a lone low surrogate", "abc\uDC00def"],
  ["only surrogates", "\uD800\uD800\uDC00\uDC00x"],
  ["line separator", "abc\u2028def"],
];

/** The one list call that writes, by design: the help center's search counts what found nothing (decision 0023). */
const WRITES_OF: Record<string, string> = { "search-article": "article_searches" };

const LIST_CALLS = routes.filter((r) => r.name.startsWith("search") || r.name.startsWith("export-"));

describe("control characters in list inputs", () => {
  const who = {} as Record<"admin" | "client", { user: Principal; ability: AppAbility }>;
  let tables: string[] = [];

  beforeAll(async () => {
    for (const role of ["admin", "client"] as const) {
      const user = await insertUser(role);
      who[role] = { user, ability: await abilityOfRole(role, user.userId) };
    }
    tables = await watchedTables();
    await installChangeLog(tables);
  });

  it("covers every list call with a search field", () => {
    const names = LIST_CALLS.filter((r) => fieldsOf(r.input).includes("search")).map((r) => r.name);
    for (const required of ["searchitem", "searchuser", "search-payment", "search-history", "search-coupon", "search-audit"]) {
      expect(names).toContain(required);
    }
  });

  for (const def of LIST_CALLS) {
    it(`${def.name} answers 200 or 400 to them in every field, never 500, changing nothing`, async () => {
      const problems: string[] = [];
      for (const role of ["admin", "client"] as const) {
        if (Array.isArray(def.access) && !who[role].ability.can(def.access[0], def.access[1])) continue;
        const cookie = await sessionCookie(who[role].user.userId);
        const before = await snapshot(tables);
        for (const field of fieldsOf(def.input)) {
          for (const [label, text] of HOSTILE) {
            const res = await call(def.name, { [field]: text }, { cookie });
            if (res.status !== 200 && res.status !== 400) {
              problems.push(`${role} ${field} with ${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
            }
            // A search is cleaned, never refused: the rest of the text still searches.
            if (field === "search" && res.status !== 200) problems.push(`${role} search with ${label}: ${res.status}`);
          }
        }
        const changed = (await changedTables(before, await snapshot(tables))).filter(
          (change) => !(WRITES_OF[def.name] && change.startsWith(`${WRITES_OF[def.name]}:`)),
        );
        if (changed.length) problems.push(`${role}: changed ${changed.join("; ")}`);
      }
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it("searches the text around them: controls separate words, invisible formatting disappears", async () => {
    const itemId = await createItem({ name: "Quokkafold premium" });
    const cookie = await sessionCookie(who.admin.user.userId);
    const found = async (search: string) =>
      ((await call("searchitem", { search }, { cookie })).body.data as Array<{ itemId: number }>).map((i) => i.itemId);
    expect(await found("quokka\u0000fold")).toEqual([itemId]);
    expect(await found("quok\u202Ekafold")).toEqual([itemId]);
    expect(await found("quokka\uD800fold")).toEqual([itemId]);
    expect(await found("quokkafold\u0000\u2066")).toEqual([itemId]);
    // A short word next to a control falls back to LIKE on the cleaned text.
    expect(await found("qu\u0001")).toContain(itemId);
  });
});
