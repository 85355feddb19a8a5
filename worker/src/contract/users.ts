import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";
import { bodyLimitFor } from "./uploads";

/** The User entity as the API shows it: no hashes, no secrets. */
export const user = z.strictObject({
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  userAddressLine1: z.string(),
  userAddressLine2: z.string(),
  userCity: z.string(),
  userPostalCode: z.string(),
  userCountry: z.string(),
  userImage: z.string().nullable(),
  userRole: z.string(),
  userIsActive: z.boolean(),
  userQuota: z.number().int(),
  /** The name of the latest active item subscription. */
  userPlan: z.string().nullable(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: timestamp(),
});

/** A role or plan filter: a name (or a plan's item id); blank or "all" means any. */
const optionalFilter = z.preprocess(
  (v: string | number | null | undefined) =>
    v === null || v === undefined || v === "all" ? "" : typeof v === "number" ? String(v) : v,
  z.string().trim().max(100).default(""),
);

const MAX_ADJUST = 1_000_000;

/** The postal address fields of updateuser: each left out keeps its stored value, blank clears it. */
export const ADDRESS_LIMITS = {
  userAddressLine1: 200,
  userAddressLine2: 200,
  userCity: 100,
  userPostalCode: 20,
  userCountry: 100,
} as const;

export const userCalls = defineCalls({
  searchuser: {
    summary: "Users (never deleted ones), newest first, by name or email, role, plan (an item id or name) and status.",
    access: ["read", "User"],
    input: z.object({
      search: f.search(),
      selectedRole: optionalFilter,
      selectedPlan: optionalFilter,
      selectedStatus: f.statusFilter(),
      // Not in the original contract: the user view loads one user by id through the same call.
      userId: f.id().optional(),
      ...f.paging(10),
    }),
    answer: listOf(user),
  },
  updateuser: {
    summary:
      "Creates (userId 0, admins) or updates a user; others may update only themselves, without userRole, userIsActive or userQuota. A new userPW for oneself needs currentPassword; other sessions end.",
    access: "signedIn",
    maxBody: bodyLimitFor("image"),
    input: z.object({
      userId: f.idOrNew(),
      userImageNew: f.optionalFile(),
      userName: f.displayName(100),
      userEmail: f.email(),
      userPW: f.blankIsAbsent(f.password()),
      // One's own new password needs the current one (as change-password), so a borrowed session is not enough.
      currentPassword: f.blankIsAbsent(z.string().max(200)),
      userIsActive: f.blankIsAbsent(f.bool()),
      userRole: f.blankIsAbsent(z.string().trim().max(40)),
      userPhone: f.updatedDisplayText(40),
      userAddressLine1: f.updatedDisplayText(ADDRESS_LIMITS.userAddressLine1),
      userAddressLine2: f.updatedDisplayText(ADDRESS_LIMITS.userAddressLine2),
      userCity: f.updatedDisplayText(ADDRESS_LIMITS.userCity),
      userPostalCode: f.updatedDisplayText(ADDRESS_LIMITS.userPostalCode),
      userCountry: f.updatedDisplayText(ADDRESS_LIMITS.userCountry),
      userQuota: f.blankIsAbsent(f.int(0, 1_000_000_000)),
    }),
    answer: z.strictObject({ message: z.string(), user, newImage: z.string().nullable() }),
  },
  deleteuser: {
    summary: "Closes a user (never oneself, never the last active admin): email freed, sessions ended, the books kept.",
    access: ["delete", "User"],
    input: z.object({ userId: f.id() }),
    answer: done,
  },
  "adjust-quota": {
    summary: "Adds or takes points with a ledger row; 409 quota_below_zero changes nothing.",
    access: ["update", "Quota"],
    input: z.object({
      userId: f.id(),
      delta: f.int(-MAX_ADJUST, MAX_ADJUST).refine((d) => d !== 0, { message: "must not be 0" }),
      reason: f.displayName(200),
    }),
    answer: z.strictObject({ message: z.string(), userQuota: z.number().int() }),
  },
  "reset-two-factor": {
    summary: "Turns a user's two-factor authentication off and forgets its secret.",
    access: ["update", "User"],
    input: z.object({ userId: f.id() }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Users: userCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { User: user };
