import { FEATURE_SUBJECTS } from "./subjects.gen";

/** The base subjects of the product's permission rules. `all` matches every subject. */
const BASE_SUBJECTS = [
  "all",
  "AclDemo",
  "Portal",
  "Dashboard",
  "User",
  "Role",
  "Item",
  "Bundle",
  "Coupon",
  "Site",
  "Vendor",
  "History",
  "Cart",
  "Payment",
  "Invoice",
  "Quota",
  "Download",
  "Profile",
  "Audit",
  "Outbox",
  "ApiKey",
] as const;

/** Every subject: the base list, then those the features add (`export const subjects` of a contract module). */
export const SUBJECTS = [...BASE_SUBJECTS, ...FEATURE_SUBJECTS] as const;
export type Subject = (typeof SUBJECTS)[number];

export const ACTIONS = ["manage", "read", "create", "update", "delete", "redeem", "claim", "impersonate"] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Who may make a call: anyone, any signed-in user, or a signed-in user whose ability allows
 * `action` on `subject` (ownership of rows is then checked by the handler).
 */
export type Access = "public" | "signedIn" | readonly [Action, Subject];
