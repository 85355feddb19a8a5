import i18n from "i18next";

/** Locale-aware formatting with Intl, following the current language. */
const locale = () => ({ en: "en-US", fr: "fr-FR", ar: "ar" })[i18n.language as "en" | "fr" | "ar"] ?? "en-US";

/**
 * Intl formatters are slow to make (tens of microseconds to milliseconds each, and a dashboard or a
 * list formats hundreds of values while it first renders): one per locale and options, made once.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(lng: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${lng}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(lng, options)));
  return format;
}

function dateFormat(lng: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${lng}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(lng, options)));
  return format;
}

export function formatNumber(value: number): string {
  return numberFormat(locale()).format(value);
}

/** How many decimals a currency's minor unit has (2 for USD, 0 for JPY, 3 for KWD). */
export const minorDigits = (currency: string) =>
  numberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** A currency's narrow sign ("$" for USD, "€" for EUR), as English writes it. */
const narrowSign = (currency: string) =>
  numberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
    .formatToParts(0)
    .find((part) => part.type === "currency")?.value ?? currency;

/**
 * An amount of money in the reader's language. Arabic's symbol for many currencies is written in Latin
 * letters ("US$", which an Arabic page shows as "$US"): there the currency's sign alone is shown ("$").
 */
function money(value: number, currency: string, options: Intl.NumberFormatOptions = {}): string {
  const format = numberFormat(locale(), { style: "currency", currency, ...options });
  if (i18n.language !== "ar") return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === "currency" && /[A-Za-z]/.test(part.value) ? narrowSign(currency) : part.value))
    .join("");
}

/** Money arrives in the currency's minor unit (API.md). */
export function formatMoney(minor: number, currency = "USD"): string {
  return money(minor / 10 ** minorDigits(currency), currency);
}

/** Money in a compact form for chart axes ("$1.2K", "1,2 k $"), from the currency's minor unit. */
export function formatMoneyCompact(minor: number, currency = "USD"): string {
  return money(minor / 10 ** minorDigits(currency), currency, {
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
}

/**
 * The price of one point of a bundle, from what the bundle costs (after its discount) and its points:
 * to one decimal more than the currency has, rounded half up in whole tenths of the minor unit, so
 * 250 points for $22.50 is "$0.09" and 200 points for $19.00 is "$0.095".
 */
export function formatPerPoint(priceMinor: number, points: number, currency = "USD"): string {
  const digits = minorDigits(currency);
  const tenths = Math.round((priceMinor * 10) / points);
  return money(tenths / 10 ** (digits + 1), currency, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits + 1,
  });
}

/** Unit words with their plural forms in every language (common namespace, `unit.*`). */
export type Unit = "points" | "days" | "products";

/** "1 point", "250 points", "٣ نقاط": a count with its unit word, in the reader's language and plural form. */
export function formatCount(unit: Unit, count: number): string {
  return i18n.t(`common:unit.${unit}`, { count, formatted: formatNumber(count) });
}

/** Texts per language ("" for none): the reader's, else the English one ("" when neither). */
export function inReaderLanguage(texts: { en: string; fr: string; ar: string }): string {
  return texts[i18n.language as "en" | "fr" | "ar"] || texts.en;
}

/** A bundle's name in the reader's language (French and Arabic fall back to English); "" when it has none. */
export const bundleTitle = (b: { bundleName: string; bundleNameFr: string; bundleNameAr: string }) =>
  inReaderLanguage({ en: b.bundleName, fr: b.bundleNameFr, ar: b.bundleNameAr });

/** A bundle's short description in the reader's language; "" when it has none. */
export const bundleDescription = (b: { bundleDesc: string; bundleDescFr: string; bundleDescAr: string }) =>
  inReaderLanguage({ en: b.bundleDesc, fr: b.bundleDescFr, ar: b.bundleDescAr });

/**
 * A payment or cart line's product as the reader says it: a bundle by its points ("٣ نقاط"), since its
 * stored name is English, frozen at checkout, after its own name in the reader's language when it has one
 * ("البداية · ٥٠ نقطة"); an item by its own name.
 */
export function formatLineName(line: {
  kind: string;
  name: string;
  points?: number;
  names?: { en: string; fr: string; ar: string };
}): string {
  if (line.kind !== "bundle" || line.points === undefined) return line.name;
  const points = formatCount("points", line.points);
  const name = line.names ? inReaderLanguage(line.names) : "";
  return name ? `${name} · ${points}` : points;
}

export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return dateFormat(locale(), withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" }).format(date);
}

export function formatPercent(value: number): string {
  return numberFormat(locale(), { style: "percent", maximumFractionDigits: 0 }).format(value / 100);
}

/**
 * A calendar day (YYYY-MM-DD, a UTC day as the API counts them) for chart axes and tables: "Jun 24"
 * per day or week, "Jun 2026" per month. Formatted in UTC so the label never shifts a day.
 */
export function formatDay(day: string, unit: "day" | "week" | "month" = "day"): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return "—";
  const options: Intl.DateTimeFormatOptions =
    unit === "month" ? { month: "short", year: "numeric", timeZone: "UTC" } : { month: "short", day: "numeric", timeZone: "UTC" };
  return dateFormat(locale(), options).format(date);
}

/** A whole number in a compact form for chart axes: 1.2K, 3.4M. */
export function formatCompact(value: number): string {
  return numberFormat(locale(), { notation: "compact", maximumFractionDigits: 1 }).format(value);
}
