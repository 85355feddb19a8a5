import i18n from "i18next";

const LOCALES: Record<string, string> = { en: "en-US", fr: "fr-FR", ar: "ar" };

/** "30 days" / "30 jours" / "٣٠ يومًا": Intl picks each language's plural form. */
export function formatDays(days: number): string {
  return new Intl.NumberFormat(LOCALES[i18n.language] ?? "en-US", {
    style: "unit",
    unit: "day",
    unitDisplay: "long",
  }).format(days);
}
