import * as z from "zod";
import { defineCalls } from "./call";
import * as f from "./fields";
import { bodyLimitFor } from "./uploads";

/** The store settings an admin edits in D1 over wrangler.toml's vars (docs/decisions/0019-store-settings.md). */
export const storeSettings = z.strictObject({
  siteName: z.string(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  bankLogo: z.string().meta({ description: "An https address or a path of this site (an uploaded image)." }),
  paymentExpiryHours: z.number().int(),
  languageSwitcher: z.boolean(),
  sellerLegalName: z.string().meta({ description: "Blank: the site's name." }),
  sellerAddress: z.string().meta({ description: 'Address lines separated by "\\n".' }),
  sellerCountry: z.string().meta({ description: "ISO 3166 code, or blank." }),
  sellerTaxId: z.string(),
  taxName: z.string(),
  taxRate: z.number().nullable().meta({ description: "Percent 0–100; null: invoices carry no tax." }),
  taxInclusive: z.boolean(),
  referralRewardPoints: z.number().int(),
  referralNewClientPoints: z.number().int(),
});

export type StoreSettings = z.output<typeof storeSettings>;
export type StoreSettingKey = keyof StoreSettings;

/** The reason keys (worker/src/messages) of this module's own checks. */
const reason = (key: "mustBeBankAccount" | "mustBeLogoAddress" | "mustBeCountryCode" | "mustBeTaxRate") => ({
  params: { reason: key },
});

/** ISO 13616's check: the country and check digits moved to the end, letters as 10..35, the number mod 97 is 1. */
export function isValidIban(compact: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/**
 * A bank account: an IBAN (two letters and two digits first) by its format and checksum, or a domestic
 * account number of 4 to 34 digits, spaces and dashes, starting and ending with a digit.
 */
export function isBankAccount(value: string): boolean {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  if (/^[A-Z]{2}\d{2}/.test(compact)) return isValidIban(compact);
  return /^\d[\d -]{2,32}\d$/.test(value);
}

/** An https address, or a path of this site (where an uploaded image is served, `/images/…`). */
export function isLogoAddress(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    return new URL(value).protocol === "https:" && !/\s/.test(value);
  } catch {
    return false;
  }
}

const displayName = (max: number) => f.displayName(max).optional();
const plainText = (max: number) => f.updatedDisplayText(max);

/** Address lines: plain text, one line per "\n" (a pasted "\r\n" too), each line checked as a display text. */
const addressLines = z.preprocess(
  (v: string | null | undefined) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v === null ? undefined : v),
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => v.split("\n").every((line) => !f.hasUnsafeCharacters(line)), { params: { reason: "mustBePlainText" } })
    .transform((v) =>
      v
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .join("\n"),
    )
    .optional(),
);

/** Blank or null: no tax (invoices carry no tax lines); otherwise a percent 0–100 with at most two decimals. */
const taxRate = z.preprocess(
  (v: number | string | null | undefined) => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return null;
    return typeof v === "string" && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
  },
  z
    .number()
    .min(0)
    .max(100)
    .refine((v) => Math.round(v * 100) === v * 100, reason("mustBeTaxRate"))
    .nullable()
    .optional(),
);

export const updateStoreSettingsInput = z.object({
  siteName: displayName(100),
  bankName: displayName(100),
  bankAccountName: displayName(100),
  bankAccountNumber: z.preprocess(
    (v: string | null | undefined) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ") : v),
    z.string().min(1).max(42).refine(isBankAccount, reason("mustBeBankAccount")).optional(),
  ),
  bankLogo: z.preprocess(
    (v: string | null | undefined) => (typeof v === "string" ? v.trim() : v),
    z.string().min(1).max(500).refine(isLogoAddress, reason("mustBeLogoAddress")).optional(),
  ),
  bankLogoNew: f.optionalFile().meta({ description: "A new logo image (multipart), stored in R2 and served here." }),
  paymentExpiryHours: f.int(1, 720).optional(),
  languageSwitcher: f.bool().optional(),
  sellerLegalName: plainText(200),
  sellerAddress: addressLines,
  sellerCountry: z.preprocess(
    (v: string | null | undefined) => (typeof v === "string" ? v.trim().toUpperCase() : v === null ? undefined : v),
    z
      .string()
      .max(2)
      .refine((v) => v === "" || /^[A-Z]{2}$/.test(v), reason("mustBeCountryCode"))
      .optional(),
  ),
  sellerTaxId: plainText(50),
  taxName: plainText(40),
  taxRate,
  taxInclusive: f.bool().optional(),
  referralRewardPoints: f.int(0, 1_000_000).optional(),
  referralNewClientPoints: f.int(0, 1_000_000).optional(),
});

export const storeSettingsCalls = defineCalls({
  "store-settings": {
    summary: "The store settings in force: what an admin saved, else wrangler.toml's vars (no secrets).",
    access: ["read", "StoreSettings"],
    input: z.object({}),
    answer: z.strictObject({ settings: storeSettings }),
  },
  "update-store-settings": {
    summary: "Saves the fields sent (each validated; nothing is saved when one is refused), in force at once; audited.",
    access: ["manage", "StoreSettings"],
    maxBody: bodyLimitFor("image"),
    input: updateStoreSettingsInput,
    answer: z.strictObject({ message: z.string(), settings: storeSettings }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Store settings": storeSettingsCalls };
export const entities = { StoreSettings: storeSettings };
export const subjects = ["StoreSettings"] as const;
