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

/** A price per point, with one more decimal than the currency has ("$0.095"): cents alone would round it. */
export function formatPerPoint(priceMinor: number, points: number, currency: string): string {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(LOCALES[i18n.language] ?? "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits + 1,
  }).format(priceMinor / points / 10 ** digits);
}
