import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { CATALOGS } from "../../worker/src/messages";

/**
 * Issue 29: no English on a French or Arabic page. The page's visible words are compared with the
 * English catalogues the reader can meet (the web app's locale files and the Worker's messages): a text
 * equal to an English value whose translation differs is English that slipped through. Words both
 * languages spell alike ("Notifications" in French) and the seeded data (names, items, sites) are not.
 * The browser's own English that the app must replace (a bare file input's "Choose File") is named too.
 */

export type TargetLanguage = "fr" | "ar";
type Tree = { [key: string]: unknown };

/** One English text of a catalogue, as a test of a visible text (its placeholders match anything). */
export interface EnglishEntry {
  key: string;
  english: string;
  test: (text: string) => boolean;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every string of a nested catalogue by its dotted key (functions, of the Worker's catalogue, are left out). */
function flatten(tree: Tree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") into.set(name, value);
    else if (value && typeof value === "object") flatten(value as Tree, name, into);
  }
  return into;
}

/** The words a reader sees of a catalogue text: markup of <Trans> components dropped, spaces folded. */
const fold = (text: string) =>
  text
    .replace(/<\/?[\w-]+\s*\/?>/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

const PLACEHOLDER = /\{\{[^}]*\}\}|\{\w+\}/g;
const HAS_PLACEHOLDER = /\{\{[^}]*\}\}|\{\w+\}/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A test of a visible text against an English text: equal (case aside), or for a text with placeholders,
 * equal with anything in their place, when what surrounds them has a word of its own (not "{{count}} pts").
 */
function testOf(english: string): ((text: string) => boolean) | null {
  const folded = fold(english);
  if (!/[a-z]{2}/.test(folded.replace(PLACEHOLDER, ""))) return null;
  if (!HAS_PLACEHOLDER.test(folded)) return (text) => text === folded;
  const literal = folded.split(PLACEHOLDER);
  if (literal.join(" ").replace(/[^a-z]/g, "").length < 6) return null;
  const pattern = new RegExp(`^${literal.map(escapeRegExp).join(".+?")}$`, "s");
  return (text) => pattern.test(text);
}

/** Pairs of catalogues, English and the language's, the web app's locale files (namespace: folder). */
function webCatalogues(language: TargetLanguage): { namespace: string; en: Tree; other: Tree }[] {
  const dirs = [
    { namespace: "common", dir: "web/src/i18n/locales" },
    ...readdirSync(path.join(ROOT, "web/src/features")).map((feature) => ({
      namespace: feature,
      dir: `web/src/features/${feature}/locales`,
    })),
  ];
  const read = (dir: string, lng: string) => {
    try {
      return JSON.parse(readFileSync(path.join(ROOT, dir, `${lng}.json`), "utf8")) as Tree;
    } catch {
      return null;
    }
  };
  return dirs.flatMap(({ namespace, dir }) => {
    const en = read(dir, "en");
    return en ? [{ namespace, en, other: read(dir, language) ?? {} }] : [];
  });
}

/**
 * The English texts that must not appear on a page in `language`: each catalogue's English values whose
 * translation (same key) differs, unless the language writes that very text for another key too.
 */
export function englishCatalogue(language: TargetLanguage): EnglishEntry[] {
  const pairs = [
    ...webCatalogues(language),
    { namespace: "api", en: CATALOGS.en as unknown as Tree, other: CATALOGS[language] as unknown as Tree },
  ];
  const translated = new Set<string>();
  for (const pair of pairs) for (const value of flatten(pair.other, "", new Map()).values()) translated.add(fold(value));
  const entries: EnglishEntry[] = [];
  for (const pair of pairs) {
    const other = flatten(pair.other, "", new Map());
    for (const [key, english] of flatten(pair.en, "", new Map())) {
      if (other.get(key) === english || translated.has(fold(english))) continue;
      const test = testOf(english);
      if (test) entries.push({ key: `${pair.namespace}:${key}`, english, test });
    }
  }
  return entries;
}

/** The seeded data's display texts (names, items, sites, plans): the reader's data, in whatever language. */
function seededTexts(): Set<string> {
  const source = readFileSync(path.join(ROOT, "scripts/seed-data.ts"), "utf8");
  const literals = Array.from(source.matchAll(/"([^"\n]+)"/g), (m) => m[1]!);
  // Names and descriptions (capitals or spaces), not codes such as "admin" or "paid", which the page must put in words.
  return new Set(literals.filter((text) => /[A-Z]|\s/.test(text) && !/^(INSERT|SELECT|UPDATE)\b/.test(text)).map(fold));
}
const SEEDED = seededTexts();

/** What the browser itself writes in English on a page (the app must draw these in the reader's language). */
export const NATIVE_ENGLISH = "native-english:";

/**
 * The runs of Latin words within an Arabic text ("يتيح لك دورك (client) هذه الصفحات." → "client"): an
 * English value put into a translated sentence. Addresses, numbers and codes with digits are not words.
 */
function latinRuns(text: string): string[] {
  if (!/\p{Script=Arabic}/u.test(text)) return [];
  const runs: string[] = [];
  let run: string[] = [];
  for (const token of text.split(/\s+/)) {
    const word = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
    const latin = /^[A-Za-z][A-Za-z'’-]*$/.test(word) && !/[@/\d]/.test(token);
    if (latin) run.push(word);
    if (!latin || /[^\p{L}'’-]$/u.test(token)) {
      if (run.length) runs.push(run.join(" "));
      run = [];
    }
  }
  if (run.length) runs.push(run.join(" "));
  return runs;
}

/**
 * The visible texts that are English of the catalogue (with the key they come from), whole or as Latin
 * words within an Arabic sentence, and the browser's own English (`NATIVE_ENGLISH…` entries the page collected).
 */
export function findEnglish(texts: Iterable<string>, catalogue: readonly EnglishEntry[]): string[] {
  const found = new Set<string>();
  for (const raw of texts) {
    if (raw.startsWith(NATIVE_ENGLISH)) {
      found.add(`browser's own English: ${raw.slice(NATIVE_ENGLISH.length)}`);
      continue;
    }
    for (const part of [raw, ...latinRuns(raw)]) {
      const text = fold(part);
      if (!/[a-z]{2}/.test(text) || SEEDED.has(text)) continue;
      const entry = catalogue.find((e) => e.test(text));
      if (entry) found.add(`"${part.trim()}"${part === raw ? "" : ` in "${raw.trim()}"`} (${entry.key})`);
    }
  }
  return [...found];
}

/**
 * The page's visible texts: each text of a visible element, and each element's whole text when its words
 * are split over several (a link within a sentence); the labels a reader or a screen reader meets
 * (placeholder, aria-label, title, alt, a button's value, a visible list's options); the tab's title. What
 * the page marks translate="no" (code) is not text of a language.
 * A visible bare file input (the browser's "Choose File / No file chosen") is reported as native English.
 */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate((native) => {
    const texts = new Set<string>([document.title]);
    const seen = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      // Code and identifiers the page marks as not to be translated (HTML's translate="no": the style guide's snippets).
      if (!seen(el) || el.closest('[translate="no"]')) continue;
      const own = Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      for (const node of own) texts.add(node.textContent!);
      if (own.length && el.childNodes.length > own.length) texts.add(el.textContent ?? "");
      for (const name of ["placeholder", "aria-label", "title", "alt"]) {
        const value = el.getAttribute(name);
        if (value) texts.add(value);
      }
      if (el instanceof HTMLInputElement && ["button", "submit", "reset"].includes(el.type)) {
        texts.add(el.value || `${native}<input type=${el.type}> without a value ("${el.type}")`);
      }
      if (el instanceof HTMLSelectElement) for (const option of Array.from(el.options)) texts.add(option.text);
      if (el instanceof HTMLInputElement && el.type === "file") {
        const box = el.getBoundingClientRect();
        if (box.width > 2 && box.height > 2) texts.add(`${native}a bare file input ("Choose File / No file chosen")`);
      }
      if (el instanceof HTMLDetailsElement && !el.querySelector(":scope > summary")) {
        texts.add(`${native}<details> without a summary ("Details")`);
      }
    }
    return [...texts];
  }, NATIVE_ENGLISH);
}

const CATALOGUES: Partial<Record<TargetLanguage, EnglishEntry[]>> = {};

/** The English a page in `language` shows now, one line each (empty when none). */
export async function englishOnPage(page: Page, language: TargetLanguage): Promise<string[]> {
  const catalogue = (CATALOGUES[language] ??= englishCatalogue(language));
  return findEnglish(await visibleTexts(page), catalogue);
}
