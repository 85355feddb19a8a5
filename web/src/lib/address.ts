/** A user's postal address fields (migration 0100), as the user view and account settings edit them. */
export const ADDRESS_FIELDS = ["userAddressLine1", "userAddressLine2", "userCity", "userPostalCode", "userCountry"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/**
 * Each field's browser autofill, and its longest text: the contract's ADDRESS_LIMITS (the web imports
 * only types from the Worker; a web test compares them).
 */
export const ADDRESS_INPUTS: Record<AddressField, { autoComplete: string; maxLength: number }> = {
  userAddressLine1: { autoComplete: "address-line1", maxLength: 200 },
  userAddressLine2: { autoComplete: "address-line2", maxLength: 200 },
  userCity: { autoComplete: "address-level2", maxLength: 100 },
  userPostalCode: { autoComplete: "postal-code", maxLength: 20 },
  userCountry: { autoComplete: "country-name", maxLength: 100 },
};
