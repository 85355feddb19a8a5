import type { DB } from "../../db";
import { notFound } from "../../errors";
import { sumLines, type PaymentLine } from "./lines";
import { normalizeVatNumber, taxFor, taxLines, taxTotals, type BuyerParty, type TaxSettings } from "./tax";

/** A user's billing party as it stands: name, company, postal address, country and VAT number. */
export async function buyerPartyOf(db: DB, userId: number): Promise<BuyerParty> {
  const user = await db
    .selectFrom("users")
    .select([
      "userName",
      "userEmail",
      "billingCompany",
      "billingVatNumber",
      "userAddressLine1",
      "userAddressLine2",
      "userPostalCode",
      "userCity",
      "userCountry",
    ])
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!user) throw notFound("noSuchUser");
  const cityLine = [user.userPostalCode, user.userCity].filter(Boolean).join(" ");
  return {
    name: user.userName,
    email: user.userEmail,
    company: user.billingCompany,
    address: [user.userAddressLine1, user.userAddressLine2, cityLine].filter(Boolean),
    country: user.userCountry,
    vatNumber: normalizeVatNumber(user.billingVatNumber),
  };
}

/**
 * What a payment freezes at checkout besides its lines: the tax of these settings for this buyer
 * (each line's net and tax; the amount is the sum of the lines' gross) and the buyer's party, so later
 * edits of the settings or the account change no invoice.
 */
export function frozenSale(lines: PaymentLine[], settings: TaxSettings | null, buyer: BuyerParty) {
  const tax = taxFor(settings, buyer.vatNumber);
  const taxed = taxLines(lines, tax);
  const totals = taxTotals(taxed);
  return {
    lines: taxed,
    amount: sumLines(taxed),
    netAmount: totals?.netAmount ?? null,
    taxAmount: totals?.taxAmount ?? null,
    taxJson: tax ? JSON.stringify(tax) : null,
    buyerJson: JSON.stringify(buyer),
  };
}
