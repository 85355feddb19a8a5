import type { StoreSettingKey, StoreSettings } from "../../contract/storesettings";
import { prepare, type DB } from "../../db";
import type { Bank } from "../payments/lines";
import type { TaxSettings } from "../payments/tax";

/**
 * The store settings in force (docs/decisions/0019-store-settings.md): wrangler.toml's vars are the
 * defaults (http/settings.ts `storeDefaultsOf`), and each setting an admin saved in D1 (store_settings,
 * one row per key) replaces its default. Read from D1 by every call that uses them, never cached in the
 * isolate: a saved change is in force for the very next call, on every isolate.
 */

/** The stored rows of the settings (at most one per key: a handful of rows). */
export const storedSettingsQuery = (db: DB) => db.selectFrom("store_settings").select(["settingKey", "settingValue"]);

/** A stored row of `storedSettingsQuery`. */
export type StoredSetting = { settingKey: string; settingValue: string };

/**
 * The defaults with each stored value over its own. A row whose key is not a setting (one a later
 * version dropped) or whose value has not the default's type is ignored: the default holds.
 */
export function effectiveSettings(defaults: StoreSettings, rows: readonly StoredSetting[]): StoreSettings {
  const settings: Record<string, unknown> = { ...defaults };
  for (const { settingKey, settingValue } of rows) {
    if (!Object.hasOwn(defaults, settingKey)) continue;
    const value: unknown = JSON.parse(settingValue);
    const fallback: unknown = defaults[settingKey as StoreSettingKey];
    const nullable = settingKey === "taxRate";
    if (typeof value === typeof fallback || (nullable && (value === null || typeof value === "number"))) {
      settings[settingKey] = value;
    }
  }
  return settings as StoreSettings;
}

/** The settings in force: one read of the stored rows, over the defaults. */
export async function loadStoreSettings(db: DB, defaults: StoreSettings): Promise<StoreSettings> {
  return effectiveSettings(defaults, await storedSettingsQuery(db).execute());
}

/** The statements that store `changes` (one upsert per setting), for one batch with the audit row. */
export function saveSettingsStatements(
  db: DB,
  d1: D1Database,
  changes: Partial<StoreSettings>,
  actorId: number | null,
): D1PreparedStatement[] {
  const now = new Date().toISOString();
  return Object.entries(changes).map(([settingKey, value]) =>
    prepare(
      d1,
      db
        .insertInto("store_settings")
        .values({ settingKey, settingValue: JSON.stringify(value), updatedAt: now, updatedBy: actorId })
        .onConflict((oc) =>
          oc.column("settingKey").doUpdateSet({ settingValue: JSON.stringify(value), updatedAt: now, updatedBy: actorId }),
        ),
    ),
  );
}

/** The settings an update changes: the fields sent whose value differs from the one in force. */
export function changedSettings(current: StoreSettings, sent: Partial<StoreSettings>): Partial<StoreSettings> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sent)) {
    if (value !== undefined && value !== current[key as StoreSettingKey]) changed[key] = value;
  }
  return changed as Partial<StoreSettings>;
}

/** Where a bank transfer goes (domain/payments/lines.ts `Bank`). */
export function bankOfSettings(s: StoreSettings): Bank {
  return { name: s.bankName, accountName: s.bankAccountName, accountNumber: s.bankAccountNumber, logo: s.bankLogo };
}

/** The tax checkout freezes into a payment (domain/payments/tax.ts), or null: no rate, no tax lines. */
export function taxOfSettings(s: StoreSettings): TaxSettings | null {
  if (s.taxRate === null) return null;
  return {
    name: s.taxName || "VAT",
    rateBp: Math.round(s.taxRate * 100),
    inclusive: s.taxInclusive,
    sellerCountry: s.sellerCountry,
  };
}

/** The seller's party on invoices and credit notes (the legal name defaults to the site's name). */
export function sellerPartyOf(s: StoreSettings) {
  return {
    legalName: s.sellerLegalName || s.siteName,
    address: s.sellerAddress.split("\n").filter(Boolean),
    country: s.sellerCountry,
    taxId: s.sellerTaxId,
  };
}

/** An invoice's seller block (invoice-detail's `seller`), as it is frozen into a payment when the invoice is issued. */
export function sellerBlockOf(s: StoreSettings): SellerBlock {
  return { siteName: s.siteName, bank: bankOfSettings(s), party: sellerPartyOf(s) };
}

/** What invoice and credit-note PDFs name of the settings in force (domain/invoices/pdf.ts `PdfSettings`). */
export function pdfSettingsOfStore(s: StoreSettings) {
  return { siteName: s.siteName, seller: sellerPartyOf(s) };
}

export interface SellerBlock {
  siteName: string;
  bank: Bank;
  party: ReturnType<typeof sellerPartyOf>;
}

/** The seller block an issued invoice carries (payments.sellerJson), or null when it was issued before 0280. */
export function parseSellerBlock(json: string | null): SellerBlock | null {
  return json ? (JSON.parse(json) as SellerBlock) : null;
}
