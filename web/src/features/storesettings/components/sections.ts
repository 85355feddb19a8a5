import type { StoreSettings, StoreSettingsUpdate } from "../api";

/** The tabs of the settings page, in order: each is one form that saves its own fields. */
export const TABS = ["store", "bank", "taxes", "referrals"] as const;
export type Tab = (typeof TABS)[number];

type Kind = "text" | "number" | "toggle" | "textarea" | "file";

/** One field of a section: its wire name (its label and hint are `storesettings:<name>` and `<name>Hint`). */
export interface FieldDef {
  name: keyof StoreSettings | "bankLogoNew";
  kind: Kind;
  required?: boolean;
  hint?: boolean;
  /** A number's bounds and step (the Worker checks them again; "any": its two decimals are the Worker's check). */
  min?: number;
  max?: number;
  step?: number | "any";
  maxLength?: number;
  autoComplete?: string;
}

export const SECTIONS: Record<Tab, FieldDef[]> = {
  store: [
    { name: "siteName", kind: "text", required: true, hint: true, maxLength: 100 },
    { name: "paymentExpiryHours", kind: "number", required: true, hint: true, min: 1, max: 720, step: 1 },
    { name: "languageSwitcher", kind: "toggle" },
  ],
  bank: [
    { name: "bankName", kind: "text", required: true, maxLength: 100 },
    { name: "bankAccountName", kind: "text", required: true, maxLength: 100 },
    { name: "bankAccountNumber", kind: "text", required: true, hint: true, maxLength: 42, autoComplete: "off" },
    { name: "bankLogo", kind: "text", required: true, hint: true, maxLength: 500 },
    { name: "bankLogoNew", kind: "file" },
  ],
  taxes: [
    { name: "sellerLegalName", kind: "text", hint: true, maxLength: 200 },
    { name: "sellerAddress", kind: "textarea", hint: true, maxLength: 500 },
    { name: "sellerCountry", kind: "text", hint: true, maxLength: 2 },
    { name: "sellerTaxId", kind: "text", maxLength: 50 },
    { name: "taxName", kind: "text", hint: true, maxLength: 40 },
    { name: "taxRate", kind: "number", hint: true, min: 0, max: 100, step: "any" },
    { name: "taxInclusive", kind: "toggle" },
  ],
  referrals: [
    { name: "referralRewardPoints", kind: "number", required: true, hint: true, min: 0, max: 1_000_000, step: 1 },
    { name: "referralNewClientPoints", kind: "number", required: true, hint: true, min: 0, max: 1_000_000, step: 1 },
  ],
};

/** A section's form values: texts (numbers as typed), toggles as booleans, the chosen file or null. */
export type SectionValues = Record<string, string | boolean | File | null>;

/** The form's values from the settings in force: numbers as text, no tax rate as blank. */
export function valuesOf(fields: FieldDef[], settings: StoreSettings): SectionValues {
  return Object.fromEntries(
    fields.map(({ name, kind }) => {
      if (name === "bankLogoNew") return [name, null];
      const value = settings[name];
      if (kind === "toggle") return [name, value === true];
      return [name, value === null ? "" : String(value)];
    }),
  );
}

/** What a section sends: every field of it (texts trimmed; a blank tax rate means no tax), the file if one was chosen. */
export function updateOf(fields: FieldDef[], values: SectionValues): StoreSettingsUpdate {
  return Object.fromEntries(
    fields.map(({ name }) => {
      const value = values[name];
      return [name, typeof value === "string" ? value.trim() : value];
    }),
  ) as StoreSettingsUpdate;
}
