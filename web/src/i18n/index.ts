import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { readCookie, writeCookie } from "../lib/cookies";

export const LANGUAGES = ["en", "fr", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ["ar"];

/**
 * Translations are JSON files per language: web/src/i18n/locales/<lng>.json (namespace "common") and
 * web/src/features/<feature>/locales/<lng>.json (namespace <feature>). Each (language, namespace) file
 * is fetched the first time a component asks for it (useTranslation suspends meanwhile), so the
 * first load carries only "common" and the page's own namespace.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(["./locales/*.json", "../features/*/locales/*.json"]);

export function localePath(lng: string, ns: string): string {
  return ns === "common" ? `./locales/${lng}.json` : `../features/${ns}/locales/${lng}.json`;
}

const backend: BackendModule = {
  type: "backend",
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const load = loaders[localePath(lng, ns)];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Sets the document language and direction for a language (and an explicit direction choice). */
export function applyDocumentLanguage(lng: Language, direction?: "ltr" | "rtl") {
  document.documentElement.lang = lng;
  document.documentElement.dir = direction ?? (RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr");
}

/** Switches the language (its namespaces in use are fetched first), the document language and direction. */
export async function changeLanguage(lng: Language) {
  await i18n.changeLanguage(lng);
  writeCookie("language", lng);
  writeCookie("direction", RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr");
  applyDocumentLanguage(lng);
}

export async function initI18n(): Promise<typeof i18n> {
  const saved = readCookie<string>("language");
  const lng: Language = isLanguage(saved) ? saved : "en";
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      defaultNS: "common",
      ns: ["common"],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  const direction = readCookie<string>("direction");
  applyDocumentLanguage(lng, direction === "rtl" || direction === "ltr" ? direction : undefined);
  return i18n;
}

export default i18n;
