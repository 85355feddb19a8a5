/**
 * Tax on invoices (docs/decisions/0012-refunds-taxes-pdf.md). The operator sets one tax (name, rate,
 * prices inclusive or exclusive of it) and the seller's party; without a rate there is no tax and
 * invoices look as they always did. Amounts are rounded once per line, half up, and every total is the
 * sum of its lines, so net + tax = gross holds to the minor unit on each line and in total.
 */

/** The tax settings (http/settings.ts `taxOf` reads them from the vars). */
export interface TaxSettings {
  name: string;
  /** Basis points: 20 % is 2000. */
  rateBp: number;
  inclusive: boolean;
  /** The seller's country, ISO 3166 alpha-2 ("FR"): whether a buyer's VAT number is of another EU country. */
  sellerCountry: string;
}

/** The tax frozen into a payment at checkout (payments.taxJson), as the API shows it. */
export interface FrozenTax {
  name: string;
  /** Percent, as set ("20", "7.7" → 20, 7.7). */
  rate: number;
  inclusive: boolean;
  /** A business buyer in another EU country accounts for the tax itself: none is charged. */
  reverseCharge: boolean;
}

/** The buyer's party frozen into a payment at checkout (payments.buyerJson). */
export interface BuyerParty {
  name: string;
  /** The address the invoice was for (issue 25); absent on payments frozen before. */
  email?: string;
  company: string;
  address: string[];
  country: string;
  vatNumber: string;
}

/** EU member states by the prefix of their VAT numbers (Greece writes EL; XI is Northern Ireland's goods scheme). */
const EU_VAT_PREFIXES = new Set([
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "FI", "FR", "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT",
  "NL", "PL", "PT", "RO", "SE", "SI", "SK", "XI",
]); // prettier-ignore

/** A VAT number as compared and shown: upper case, without spaces, dots or dashes. */
export const normalizeVatNumber = (vat: string) => vat.toUpperCase().replace(/[\s.-]/g, "");

/** The VAT prefix of a country code (Greece's is EL). */
const vatPrefixOf = (country: string) => (country.toUpperCase() === "GR" ? "EL" : country.toUpperCase());

/**
 * Whether the EU reverse charge applies: the seller is in the EU, and the buyer gave a VAT number of
 * another EU member state. (The number's validity is the operator's check, as on any invoice.)
 */
export function reverseChargeApplies(sellerCountry: string, buyerVatNumber: string): boolean {
  const seller = vatPrefixOf(sellerCountry);
  const vat = normalizeVatNumber(buyerVatNumber);
  const buyer = vat.slice(0, 2);
  return EU_VAT_PREFIXES.has(seller) && EU_VAT_PREFIXES.has(buyer) && vat.length > 4 && buyer !== seller;
}

/** The tax a buyer pays under these settings, or null when the portal has none. */
export function taxFor(settings: TaxSettings | null, buyerVatNumber: string): FrozenTax | null {
  if (!settings) return null;
  return {
    name: settings.name,
    rate: settings.rateBp / 100,
    inclusive: settings.inclusive,
    reverseCharge: reverseChargeApplies(settings.sellerCountry, buyerVatNumber),
  };
}

/** a / b rounded half up, for non-negative integers (exact: no float ever holds a fraction of a unit). */
const divideRounded = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * One line's net, tax and gross from its catalogue total. Exclusive prices are net: the tax is added.
 * Inclusive prices are gross: the net is taken out of them. Under the reverse charge the buyer pays the
 * net, without tax, either way.
 */
export function lineAmounts(catalogueTotal: number, tax: FrozenTax): { net: number; tax: number; gross: number } {
  const rateBp = Math.round(tax.rate * 100);
  const net = tax.inclusive ? divideRounded(catalogueTotal * 10_000, 10_000 + rateBp) : catalogueTotal;
  if (tax.reverseCharge) return { net, tax: 0, gross: net };
  if (tax.inclusive) return { net, tax: catalogueTotal - net, gross: catalogueTotal };
  const added = divideRounded(net * rateBp, 10_000);
  return { net, tax: added, gross: net + added };
}

/**
 * The lines with their tax (lineTotal becomes the gross each line costs); unchanged without tax. Any line
 * with a unit price and a quantity: the tax needs no more of a payment line (lines.ts imports this file).
 */
export function taxLines<Line extends { unitPrice: number; qty: number; lineTotal: number }>(
  lines: Line[],
  tax: FrozenTax | null,
): Line[] {
  if (!tax) return lines;
  return lines.map((line) => {
    const amounts = lineAmounts(line.unitPrice * line.qty, tax);
    return { ...line, net: amounts.net, tax: amounts.tax, lineTotal: amounts.gross };
  });
}

/** Net and tax of lines that carry them (null without tax). */
export function taxTotals(lines: Array<{ net?: number; tax?: number }>): { netAmount: number; taxAmount: number } | null {
  if (lines.length === 0 || lines.some((l) => l.net === undefined || l.tax === undefined)) return null;
  return {
    netAmount: lines.reduce((sum, l) => sum + l.net!, 0),
    taxAmount: lines.reduce((sum, l) => sum + l.tax!, 0),
  };
}

export const parseTax = (json: string | null): FrozenTax | null => (json ? (JSON.parse(json) as FrozenTax) : null);
export const parseBuyer = (json: string | null): BuyerParty | null => (json ? (JSON.parse(json) as BuyerParty) : null);
