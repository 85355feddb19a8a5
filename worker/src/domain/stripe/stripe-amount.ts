/**
 * Stripe's amounts are integers in ITS idea of a currency's minor unit, which is not always the
 * portal's (the portal's minor unit has as many decimals as Intl gives the currency):
 * https://docs.stripe.com/currencies#zero-decimal and #special-cases.
 */

/** Charged as whole units: 500 JPY is `500`. */
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

/** Three decimals, but the last digit must be 0 (Stripe's partners round to tens). */
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

function stripeDigits(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  if (THREE_DECIMAL.has(currency)) return 3;
  // Every other currency is two-decimal in the API, ISK included (1 ISK is `100`).
  return 2;
}

const portalDigits = (currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;

/**
 * The amount Stripe must charge for `amount` of the portal's minor unit of `currency` (ISO code, any
 * case), or null when Stripe cannot charge exactly that (a three-decimal amount not ending in 0, an
 * unknown currency): such a payment is not offered by card rather than charged a rounded sum. Zero
 * stays zero (a free line); whether a total is worth charging is the caller's question.
 */
export function stripeAmount(amount: number, currency: string): number | null {
  const code = currency.toUpperCase();
  let ours: number;
  try {
    ours = portalDigits(code);
  } catch {
    return null;
  }
  const theirs = stripeDigits(code);
  const step = 10 ** Math.abs(theirs - ours);
  if (theirs < ours && amount % step !== 0) return null;
  const converted = theirs >= ours ? amount * step : amount / step;
  if (THREE_DECIMAL.has(code) && converted % 10 !== 0) return null;
  return Number.isSafeInteger(converted) && converted >= 0 ? converted : null;
}

/** The portal's amount for `amount` of Stripe's minor unit (a refund's, say), or null when not exact. */
export function portalAmount(amount: number, currency: string): number | null {
  const code = currency.toUpperCase();
  let ours: number;
  try {
    ours = portalDigits(code);
  } catch {
    return null;
  }
  const step = 10 ** Math.abs(stripeDigits(code) - ours);
  const converted = stripeDigits(code) >= ours ? amount / step : amount * step;
  return Number.isSafeInteger(converted) && converted >= 0 ? converted : null;
}
