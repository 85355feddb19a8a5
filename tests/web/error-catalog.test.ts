import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { translateError } from "../../worker/src/errors/messages";

/**
 * Every error text the Worker throws has a French and an Arabic translation (worker/src/errors/messages),
 * so a new or edited message cannot reach French or Arabic users in English unnoticed. The texts are
 * read from the sources (relative to the project root, where Vitest runs).
 */

const ROOT = "worker/src";
const LANGUAGES = ["fr", "ar"] as const;
const HELPERS = "badRequest|conflict|forbidden|notFound|unauthorized|tooLarge|unsupportedType|tooManyRequests";
const LITERAL = String.raw`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\`(?:[^\`\\]|\\.)*\``;
/** The message argument: the first of a helper, the third of `new HttpError(status, code, message)`. */
const CALL = new RegExp(
  String.raw`\b(?:(?:${HELPERS})\(\s*|new HttpError\(\s*[^,()]+,\s*[^,()]+,\s*)(${LITERAL}|[A-Za-z_$][\w$]*\(?)`,
  "g",
);
/** Texts outside those calls: a helper's default message, a message builder, the answer to unexpected errors. */
const OTHER = new RegExp(String.raw`(?:\bmessage = |Message = \([^)]*\) => |translateError\(\s*)(${LITERAL})`, "g");

/** The names OTHER reads message builders under. */
const BUILDERS = /^\w+Message$/;

interface Found {
  file: string;
  text: string;
}

/** A literal's text; a template's `${…}` parts become x1, x2… so patterns can be checked to keep them. */
function literalText(literal: string): string {
  if (literal.startsWith("`")) {
    let n = 0;
    return literal.slice(1, -1).replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, () => `x${++n}`);
  }
  if (literal.startsWith("'")) return JSON.parse(`"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);
  return JSON.parse(literal) as string;
}

function scan(): { messages: Found[]; unreadable: Found[] } {
  const messages: Found[] = [];
  const unreadable: Found[] = [];
  const files = readdirSync(ROOT, { recursive: true }).filter((f) => f.endsWith(".ts") && !f.startsWith("errors/messages"));
  for (const file of files) {
    const source = readFileSync(`${ROOT}/${file}`, "utf8");
    for (const [, arg] of [...source.matchAll(CALL), ...source.matchAll(OTHER)]) {
      if (/^["'`]/.test(arg!)) {
        messages.push({ file, text: literalText(arg!) });
        continue;
      }
      // A message builder (scanned below as OTHER), e.g. `requiredMessage(field)`.
      if (arg!.endsWith("(") && BUILDERS.test(arg!.slice(0, -1))) continue;
      // A named constant of the same file (`const WRONG_CREDENTIALS = "…"`); the helpers' own definitions pass `message`.
      const constant = new RegExp(String.raw`const ${arg} = (${LITERAL})`).exec(source);
      if (constant) messages.push({ file, text: literalText(constant[1]!) });
      else if (!(file === "errors/index.ts" && arg === "message")) unreadable.push({ file, text: arg! });
    }
  }
  return { messages, unreadable };
}

describe("every API error text has a French and an Arabic translation", () => {
  const { messages, unreadable } = scan();

  it("finds the texts the Worker throws", () => {
    // The scan itself must work: it sees the messages of the sign-in, the permission check and the body limit.
    const texts = messages.map((m) => m.text);
    expect(texts).toContain("The email or password is incorrect.");
    expect(texts).toContain("You are not allowed to x1 x2.");
    expect(texts).toContain("The request body is larger than x1.");
    expect(texts).toContain("Please sign in to continue.");
    expect(messages.length).toBeGreaterThan(80);
  });

  it("reads every message argument (a literal or a named constant of the same file)", () => {
    expect(unreadable).toEqual([]);
  });

  it.each(LANGUAGES)("translates every thrown text into %s, keeping the interpolated parts", (lng) => {
    // A text made only of interpolations (body.ts's `${label} ${describeIssue(issue)}.`) says nothing by
    // itself: its texts are checked below, by running the validation.
    const untranslated = messages
      .filter(({ text }) => !/^[x\d\s.]+$/.test(text))
      .filter(({ text }) => {
        const translated = translateError(text, lng);
        const parts = text.match(/\bx\d+\b/g) ?? [];
        return translated === text || !parts.every((part) => translated.includes(part));
      });
    expect(untranslated).toEqual([]);
  });

  it("knows every kind of validation problem the worker test runs through validate", () => {
    // body.ts's describeIssue texts are produced by zod at run time: tests/worker/error-language.test.ts
    // runs each case below through the real validation and checks its translations. A new case there must be added to it.
    const body = readFileSync(`${ROOT}/http/body.ts`, "utf8");
    const describeIssue = body.slice(body.indexOf("function describeIssue"));
    const cases = [...describeIssue.matchAll(/case "(\w+)":/g)].map((m) => m[1]);
    expect(cases).toEqual(["invalid_type", "too_small", "too_big", "invalid_format", "invalid_value"]);
  });

  it("keeps English for English, unknown languages and texts it does not know", () => {
    expect(translateError("The email or password is incorrect.", "en")).toBe("The email or password is incorrect.");
    expect(translateError("The email or password is incorrect.", "de")).toBe("The email or password is incorrect.");
    expect(translateError("The email or password is incorrect.", null)).toBe("The email or password is incorrect.");
    expect(translateError("A text nobody wrote.", "fr")).toBe("A text nobody wrote.");
    expect(translateError("constructor", "ar")).toBe("constructor");
  });
});
