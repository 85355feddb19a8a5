import { ar } from "./ar";
import { fr } from "./fr";

/**
 * Translations of the API's error texts. The Worker throws English texts (the contract automated
 * clients read); the web app sends its `language` cookie, so its users read them in their language.
 * `code` and `field` never change: only the human text does.
 */
export interface Catalog {
  /** English message → translation. */
  exact: Readonly<Record<string, string>>;
  /** Templated messages: captured parts in, translation out; undefined keeps the English text. */
  patterns: readonly Pattern[];
}

export type Pattern = readonly [RegExp, (parts: string[]) => string | undefined];

export type ErrorLanguage = "fr" | "ar";

export const CATALOGS: Readonly<Record<ErrorLanguage, Catalog>> = { fr, ar };

const isErrorLanguage = (language: string | null | undefined): language is ErrorLanguage =>
  language === "fr" || language === "ar";

/** The message in `language`; English (as thrown) when the language is English, unknown or has no translation. */
export function translateError(message: string, language: string | null | undefined): string {
  if (!isErrorLanguage(language)) return message;
  const catalog = CATALOGS[language];
  if (Object.hasOwn(catalog.exact, message)) return catalog.exact[message]!;
  for (const [pattern, render] of catalog.patterns) {
    const match = pattern.exec(message);
    const translated = match ? render(match.slice(1)) : undefined;
    if (translated !== undefined) return translated;
  }
  return message;
}
