import { describe, expect, it } from "vitest";
import { PREFERENCE_CHOICES } from "../../web/src/providers/config";
import { NAV_SECTIONS } from "../../web/src/app/nav";
import { appRoutes, notFoundRoute } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import { pageTextKey } from "../../web/src/app/RouteTitle";
import { LANGUAGES } from "../../web/src/i18n";
import { PASSKEY_TEXTS, passkeyTexts } from "../../web/src/features/auth/components/passkeyTexts";

type Tree = { [key: string]: string | Tree };

// Every locale file of the app, and every source file as text.
const localeFiles = import.meta.glob<Tree>(["../../web/src/i18n/locales/**/*.json", "../../web/src/features/*/locales/*.json"], {
  eager: true,
  import: "default",
});
const sources = import.meta.glob<string>(["../../web/src/**/*.{ts,tsx}"], { eager: true, query: "?raw", import: "default" });

function namespaceOf(path: string) {
  return path.match(/features\/([^/]+)\/locales\//)?.[1] ?? (path.includes("/locales/layout/") ? "layout" : "common");
}

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}

/** namespace → language → flat keys */
const catalogue: Record<string, Record<string, Record<string, string>>> = {};
for (const [path, tree] of Object.entries(localeFiles)) {
  const lng = path.match(/\/([a-z]{2})\.json$/)![1]!;
  (catalogue[namespaceOf(path)] ??= {})[lng] = flatten(tree);
}
// The sign-in pages' passkey texts ship in their chunks, not in a locale file (passkeyTexts.ts).
catalogue[PASSKEY_TEXTS] = passkeyTexts;

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The plural categories a language needs (Intl.PluralRules, as i18next picks them). */
const categoriesOf = (lng: string) => [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort();

/**
 * A language's keys with every plural group ("points_one", "points_other") folded into its base key,
 * and the problems of those groups: a group must have exactly the language's plural categories.
 */
function foldPlurals(lng: string, keys: string[]): { keys: string[]; problems: string[] } {
  const groups = new Map<string, string[]>();
  const plain: string[] = [];
  for (const key of keys) {
    const match = key.match(PLURAL);
    if (match) groups.set(key.slice(0, -match[0].length), [...(groups.get(key.slice(0, -match[0].length)) ?? []), match[1]!]);
    else plain.push(key);
  }
  const problems: string[] = [];
  for (const [base, forms] of groups) {
    if (forms.sort().join() !== categoriesOf(lng).join())
      problems.push(`${lng} ${base}: plural forms ${forms.join()}, not ${categoriesOf(lng).join()}`);
  }
  return { keys: [...plain, ...groups.keys()].sort(), problems };
}

function exists(ns: string, key: string) {
  const en = catalogue[ns]?.en ?? {};
  // i18next plural forms ("items_one", "items_other"), and objects read with returnObjects.
  return key in en || `${key}_one` in en || `${key}_other` in en || Object.keys(en).some((k) => k.startsWith(`${key}.`));
}

/** Literal keys used in a source file: t("key"), t("ns:key"), i18nKey="key", and "ns:key" nav titles. */
function keysUsed(source: string): { ns: string[]; key: string }[] {
  const namespaces = [...source.matchAll(/useTranslation\(\s*"([^"]+)"/g)].map((m) => m[1]!);
  const fileNs = namespaces.length ? [...new Set(namespaces)] : ["common"];
  if (/useTranslation\(\s*\)/.test(source)) fileNs.push("common");
  if (/\bt = usePasskeyTexts\(\)/.test(source)) fileNs.push(PASSKEY_TEXTS);
  const found: { ns: string[]; key: string }[] = [];
  for (const m of source.matchAll(/\bpasskeyT\(\s*"([^"]+)"/g)) found.push({ ns: [PASSKEY_TEXTS], key: m[1]! });
  for (const m of source.matchAll(/\bt\(\s*"([^"]+)"(\s*,\s*\{\s*ns:\s*"([^"]+)")?/g)) {
    const raw = m[1]!;
    if (m[3]) found.push({ ns: [m[3]], key: raw });
    else if (raw.includes(":")) {
      const [ns, key] = raw.split(":") as [string, string];
      found.push({ ns: [ns], key });
    } else found.push({ ns: fileNs, key: raw });
  }
  return found;
}

describe("translations", () => {
  it("has every language for every namespace", () => {
    for (const [ns, languages] of Object.entries(catalogue)) {
      expect(Object.keys(languages).sort(), `languages of ${ns}`).toEqual([...LANGUAGES].sort());
    }
  });

  it("has in fr and ar every key that en has (and nothing en lacks), none of them empty", () => {
    const problems: string[] = [];
    for (const [ns, languages] of Object.entries(catalogue)) {
      const en = foldPlurals("en", Object.keys(languages.en ?? {})).keys;
      for (const lng of LANGUAGES) {
        const texts = languages[lng] ?? {};
        const { keys, problems: plural } = foldPlurals(lng, Object.keys(texts));
        problems.push(...plural.map((p) => `${ns} ${p}`));
        for (const key of en) if (!keys.includes(key)) problems.push(`${lng} ${ns}:${key} missing`);
        for (const key of keys) if (!en.includes(key)) problems.push(`${lng} ${ns}:${key} not in en`);
        for (const [key, text] of Object.entries(texts)) if (!text.trim()) problems.push(`${lng} ${ns}:${key} empty`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("checks plural groups against each language's own plural forms (Arabic has six)", () => {
    expect(foldPlurals("ar", ["n_zero", "n_one", "n_two", "n_few", "n_many", "n_other", "x"])).toEqual({
      keys: ["n", "x"],
      problems: [],
    });
    expect(foldPlurals("fr", ["n_one", "n_other"]).problems).toEqual(["fr n: plural forms one,other, not many,one,other"]);
    expect(foldPlurals("en", ["n_one", "n_other"]).problems).toEqual([]);
  });

  it("has every key the source code uses", () => {
    const problems: string[] = [];
    for (const [path, source] of Object.entries(sources)) {
      for (const { ns, key } of keysUsed(source)) {
        if (key.includes("${")) continue;
        if (!ns.some((n) => exists(n, key))) problems.push(`${path.replace(/^.*web\/src\//, "")}: ${ns.join("|")}:${key}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("has every menu title and every key the shell builds from data", () => {
    const problems: string[] = [];
    const check = (ns: string, key: string) => !exists(ns, key) && problems.push(`${ns}:${key}`);
    const walk = (items: typeof navItems) =>
      items.forEach((item) => {
        const [ns, key] = item.title.includes(":") ? (item.title.split(":") as [string, string]) : ["common", item.title];
        check(ns, key);
        if (item.children) walk(item.children);
      });
    walk(navItems);
    NAV_SECTIONS.forEach((section) => check("layout", `navSection.${section}`));
    Object.values(PREFERENCE_CHOICES)
      .flat()
      .filter((value) => typeof value === "string")
      .forEach((value) => check("layout", `customizer.value.${value}`));
    ["ltr", "rtl"].forEach((value) => check("layout", `customizer.value.${value}`));
    ["light", "dark", "system"].forEach((value) => check("common", `theme.${value}`));
    LANGUAGES.forEach((lng) => check("common", `languageName.${lng}`));
    ["account", "security", "billing"].forEach((tab) => check("layout", `accountTab.${tab}`));
    ["required", "email", "passwordLength", "passwordsDiffer", "code"].forEach((rule) => check("common", `validation.${rule}`));
    expect(problems).toEqual([]);
  });

  it("has a title for every route and a description for every prerendered page, in every language", () => {
    const problems: string[] = [];
    const check = (what: string, fullKey: string | null) => {
      if (!fullKey) return problems.push(what);
      const [ns, key] = fullKey.includes(":") ? (fullKey.split(":") as [string, string]) : ["common", fullKey];
      for (const lng of LANGUAGES) if (!catalogue[ns]?.[lng]?.[key]) problems.push(`${what}: ${lng} ${ns}:${key}`);
    };
    for (const route of [...appRoutes, notFoundRoute]) {
      // A route with parameters is checked at the paths it prerenders, else with a placeholder.
      const paths = Array.isArray(route.prerender) ? route.prerender : [route.path];
      for (const path of paths) {
        const params = Object.fromEntries(
          route.path
            .split("/")
            .flatMap((segment, i) => (segment.startsWith(":") ? [[segment.slice(1), path.split("/")[i]!]] : [])),
        );
        if (typeof route.title === "string" || route.prerender) check(`${path} title`, pageTextKey(route.title, params));
        if (route.prerender) check(`${path} description`, pageTextKey(route.description, params));
      }
    }
    expect(problems).toEqual([]);
  });

  it("would notice a missing key (the check itself works)", () => {
    expect(
      keysUsed('const { t } = useTranslation("auth"); t("welcome"); t("common:save"); t("retry", { ns: "common" })'),
    ).toEqual([
      { ns: ["auth"], key: "welcome" },
      { ns: ["common"], key: "save" },
      { ns: ["common"], key: "retry" },
    ]);
    expect(exists("auth", "welcome")).toBe(true);
    expect(exists("auth", "no-such-key")).toBe(false);
  });
});
