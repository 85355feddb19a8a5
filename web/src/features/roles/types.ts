import type { CallInput, ListRow } from "../../lib/api";
import { FEATURE_SUBJECTS } from "../../lib/subjects.gen";

/** A role with its rules, as search-role answers it. */
export type Role = ListRow<"search-role">;
export type RoleRule = Role["rules"][number];

type RuleInput = CallInput<"update-role">["rules"][number];
export type Action = RuleInput["action"];
export type Subject = RuleInput["subject"];

/** The subjects the features add (each named by its own feature's locales). */
type FeatureSubject = (typeof FEATURE_SUBJECTS)[number]["subject"];

/**
 * The server's actions and base subjects, in the order the dialog offers them, the features' subjects
 * after them. Each table must name every value of the contract's and nothing else (the compiler checks),
 * since the server refuses any other.
 */
const ACTION_TABLE: Record<Action, true> = {
  manage: true,
  read: true,
  create: true,
  update: true,
  delete: true,
  redeem: true,
  claim: true,
  impersonate: true,
};
const SUBJECT_TABLE: Record<Exclude<Subject, FeatureSubject>, true> = {
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
const featureSubjects: readonly { subject: Subject; ns: string }[] = FEATURE_SUBJECTS;
export const SUBJECTS = [...Object.keys(SUBJECT_TABLE), ...featureSubjects.map((s) => s.subject)] as Subject[];

/** The i18n key of a subject's name: the roles catalogue's, or for a feature's subject that feature's. */
export function subjectNameKey(subject: string): string {
  const feature = featureSubjects.find((s) => s.subject === subject);
  return feature ? `${feature.ns}:subjectName.${subject}` : `subjectName.${subject}`;
}
