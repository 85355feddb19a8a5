import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const WEB = path.resolve(import.meta.dirname, "../../web/src");

/** Every locale file of the web app: common and each feature's, every language. */
function localeFiles(): string[] {
  const common = readdirSync(path.join(WEB, "i18n/locales")).map((f) => path.join(WEB, "i18n/locales", f));
  const features = readdirSync(path.join(WEB, "features")).flatMap((feature) => {
    const dir = path.join(WEB, "features", feature, "locales");
    try {
      return readdirSync(dir).map((f) => path.join(dir, f));
    } catch {
      return [];
    }
  });
  return [...common, ...features].filter((f) => f.endsWith(".json"));
}

function texts(tree: unknown, at = ""): [string, string][] {
  if (typeof tree === "string") return [[at, tree]];
  if (tree && typeof tree === "object") return Object.entries(tree).flatMap(([k, v]) => texts(v, at ? `${at}.${k}` : k));
  return [];
}

/** A quoted camelCase identifier, such as "itemUrl" or « couponCode »: an API field's wire name. */
const WIRE_NAME = /["«“]\s*[a-z]+[A-Z][A-Za-z]*\s*["»”]/;

describe("texts the reader sees", () => {
  it("never name a field by its wire name: forms word errors with the field's label (decision 0008)", () => {
    const found = localeFiles().flatMap((file) =>
      texts(JSON.parse(readFileSync(file, "utf8")))
        .filter(([, text]) => WIRE_NAME.test(text))
        .map(([key, text]) => `${path.relative(WEB, file)} ${key}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it("would catch one (the check itself works)", () => {
    expect(WIRE_NAME.test('The field "couponCode" is required.')).toBe(true);
    expect(WIRE_NAME.test("Le champ « itemUrl » n’est pas valide.")).toBe(true);
    expect(WIRE_NAME.test('The field "Coupon code" is required.')).toBe(false);
    expect(WIRE_NAME.test('The field "{{field}}" is required.')).toBe(false);
  });
});
