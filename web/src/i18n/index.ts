import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { readCookie, writeCookie } from "../lib/cookies";

export const LANGUAGES = ["en", "fr", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ["ar"];

/**
 * Translations are JSON files per language: web/src/i18n/locales/<lng>.json (namespace "common") and
 * web/src/features/<feature>/locales/<lng>.json (namespace <feature>). Only the chosen language's
 * files are fetched.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(["./locales/*.json", "../features/*/locales/*.json"]);

function namespaceOf(path: string): string {
  const feature = path.match(/features\/([^/]+)\/locales\//);
  return feature ? feature[1]! : "common";
}

const loaded = new Set<Language>();

async function loadLanguage(lng: Language) {
  if (loaded.has(lng)) return;
  const entries = Object.entries(loaders).filter(([path]) => path.endsWith(`/${lng}.json`));
  const modules = await Promise.all(entries.map(async ([path, load]) => [namespaceOf(path), (await load()).default] as const));
  for (const [ns, resources] of modules) i18n.addResourceBundle(lng, ns, resources, true, true);
  loaded.add(lng);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Sets the document language and direction for a language (and an explicit direction choice). */
export function applyDocumentLanguage(lng: Language, direction?: "ltr" | "rtl") {
  document.documentElement.lang = lng;
  document.documentElement.dir = direction ?? (RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr");
}

export async function changeLanguage(lng: Language) {
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  writeCookie("language", lng);
  writeCookie("direction", RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr");
  applyDocumentLanguage(lng);
}

export async function initI18n(): Promise<typeof i18n> {
  const saved = readCookie<string>("language");
  const lng: Language = isLanguage(saved) ? saved : "en";
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    defaultNS: "common",
    ns: ["common"],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(lng);
  if (lng !== "en") void loadLanguage("en");
  const direction = readCookie<string>("direction");
  applyDocumentLanguage(lng, direction === "rtl" || direction === "ltr" ? direction : undefined);
  return i18n;
}

export default i18n;
