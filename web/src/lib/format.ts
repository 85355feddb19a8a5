import i18n from "i18next";

/** Locale-aware formatting with Intl, following the current language. */
const locale = () => ({ en: "en-US", fr: "fr-FR", ar: "ar" })[i18n.language as "en" | "fr" | "ar"] ?? "en-US";

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}

/** Money arrives in the currency's minor unit (API.md). */
export function formatMoney(minor: number, currency = "USD"): string {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(locale(), { style: "currency", currency }).format(minor / 10 ** digits);
}

export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return new Intl.DateTimeFormat(
    locale(),
    withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" },
  ).format(date);
}

export function formatPercent(value: number): string {
  return new Intl.NumberFormat(locale(), { style: "percent", maximumFractionDigits: 0 }).format(value / 100);
}
