import type { CallInput, ListRow } from "../../lib/api";

/** A role with its rules, as search-role answers it. */
export type Role = ListRow<"search-role">;
export type RoleRule = Role["rules"][number];

type RuleInput = CallInput<"update-role">["rules"][number];
export type Action = RuleInput["action"];
export type Subject = RuleInput["subject"];

/**
 * The server's actions and subjects, in the order the dialog offers them. Each table must name every
 * value of the contract's and nothing else (the compiler checks), since the server refuses any other.
 */
const ACTION_TABLE: Record<Action, true> = {
  manage: true,
  read: true,
  create: true,
  update: true,
  delete: true,
  redeem: true,
  claim: true,
};
const SUBJECT_TABLE: Record<Subject, true> = {
  all: true,
  AclDemo: true,
  Portal: true,
  Dashboard: true,
  User: true,
  Role: true,
  Item: true,
  Bundle: true,
  Coupon: true,
  Site: true,
  Vendor: true,
  History: true,
  Cart: true,
  Payment: true,
  Invoice: true,
  Quota: true,
  Download: true,
  Profile: true,
  Audit: true,
  Outbox: true,
  ApiKey: true,
};
export const ACTIONS = Object.keys(ACTION_TABLE) as Action[];
export const SUBJECTS = Object.keys(SUBJECT_TABLE) as Subject[];
