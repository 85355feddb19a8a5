import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { readCookie, writeCookie } from "../lib/cookies";
import { setRootAttribute } from "../lib/documentRoot";

export const LANGUAGES = ["en", "fr", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ["ar"];

/**
 * Translations are JSON files per language: web/src/i18n/locales/<lng>.json (namespace "common") and
 * web/src/features/<feature>/locales/<lng>.json (namespace <feature>), fetched the first time a
 * component asks for them (useTranslation suspends meanwhile). "common" and the namespaces of
 * features with public pages are a file each, so /login, the landing page or a payment page carry
 * only "common" and their own; the signed-in app's namespaces come as one file per language
 * (./bundles), which its menu needs all of anyway: one request instead of twenty.
 */
export const SEPARATE_NAMESPACES = ["auth", "front", "misc", "payment"];

/**
 * The default layout's own words (its menu's section titles, the customizer, the account tabs), in the
 * signed-in app's file (./locales/layout/<lng>.json, bundled): a public page's first load, /login's among
 * them, has only "common" and its own.
 */
export const LAYOUT_NAMESPACE = "layout";

const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  "./locales/*.json",
  "../features/{auth,front,misc,payment}/locales/*.json",
]);
const bundles = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>("./bundles/*.ts");

export function localePath(lng: string, ns: string): string {
  return ns === "common" ? `./locales/${lng}.json` : `../features/${ns}/locales/${lng}.json`;
}

function loadNamespace(lng: string, ns: string): Promise<Record<string, unknown>> | null {
  if (ns === "common" || SEPARATE_NAMESPACES.includes(ns)) {
    return loaders[localePath(lng, ns)]?.().then((module) => module.default) ?? null;
  }
  const bundle = bundles[`./bundles/${lng}.ts`];
  const file = ns === LAYOUT_NAMESPACE ? `../locales/layout/${lng}.json` : `../../features/${ns}/locales/${lng}.json`;
  return bundle ? bundle().then((module) => module.default[file] ?? {}) : null;
}

const backend: BackendModule = {
  type: "backend",
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const load = loadNamespace(lng, ns);
    if (!load) return callback(null, {});
    load.then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Sets the document language and direction for a language (and an explicit direction choice). */
export function applyDocumentLanguage(lng: Language, direction?: "ltr" | "rtl") {
  setRootAttribute("lang", lng);
  setRootAttribute("dir", direction ?? (RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr"));
}

/** Switches the language (its namespaces in use are fetched first), the document language and direction. */
export async function changeLanguage(lng: Language) {
  await i18n.changeLanguage(lng);
  writeCookie("language", lng);
  writeCookie("direction", RTL_LANGUAGES.includes(lng) ? "rtl" : "ltr");
  applyDocumentLanguage(lng);
}

/**
 * The reader's language. On a prerendered public page (web/prerender.ts), the one the Worker served
 * it in (`<html lang>`: the language cookie, or the browser's Accept-Language when the operator turns
 * the language switcher on), kept in the cookie so that the app's other pages follow; elsewhere the
 * cookie's, else English.
 */
export function readerLanguage(): Language {
  const saved = readCookie<string>("language");
  const prerendered = document.querySelector('meta[name="app-settings"]') !== null;
  const served = prerendered ? document.documentElement.getAttribute("lang") : null;
  if (isLanguage(served)) {
    if (served !== (saved ?? "en")) {
      writeCookie("language", served);
      writeCookie("direction", RTL_LANGUAGES.includes(served) ? "rtl" : "ltr");
    }
    return served;
  }
  return isLanguage(saved) ? saved : "en";
}

/** Starts i18next in `lng` (the reader's language in the browser; the prerender names each page's). */
export async function initI18n(lng: Language = readerLanguage()): Promise<typeof i18n> {
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      // The language is set before init returns (its files still load): the app renders at once.
      initAsync: false,
      lng,
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      defaultNS: "common",
      ns: ["common"],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  if (typeof document === "undefined") return i18n;
  const direction = readCookie<string>("direction");
  applyDocumentLanguage(lng, direction === "rtl" || direction === "ltr" ? direction : undefined);
  return i18n;
}

export default i18n;
