import * as z from "zod";
import { ACTIONS, SUBJECTS } from "./access";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

/** A rule of a role as stored: an action on a subject, or a denying rule. */
const storedRule = z.strictObject({
  action: z.enum(ACTIONS),
  subject: z.enum(SUBJECTS),
  inverted: z.boolean(),
  conditions: z.record(z.string(), z.unknown()).nullable(),
});

/** A role with its rules; `admin` and `client` are built in. */
export const role = z.strictObject({
  roleId: z.number().int(),
  roleName: z.string(),
  roleDesc: z.string(),
  builtIn: z.boolean(),
  createdAt: timestamp(),
  userCount: z.number().int(),
  rules: z.array(storedRule),
});

const ruleInput = z.object({
  action: z.enum(ACTIONS),
  subject: z.enum(SUBJECTS),
  inverted: f.bool().optional().default(false),
});

export const AUDIT_OUTCOMES = ["ok", "denied", "failed"] as const;
/**
 * Every action an audit row names (domain/audit.ts takes only these): the web app puts each in words in
 * every language (tests/web/audit-actions.test.tsx). A refused call's row names "refused", the call its subject.
 */
export const AUDIT_ACTIONS = [
  "login",
  "refused",
  "job.done",
  "job.failed",
  "add-payment",
  "adjust-quota",
  "cancel-payment",
  "confirm-payment",
  "update-payment",
  "send-invoice",
  "card-payment-unapplied",
  "refund-payment",
  "refund-failed",
  "refund-unapplied-charge",
  "change-password",
  "reset-password",
  "two-factor-enable",
  "two-factor-disable",
  "two-factor-recovery-code",
  "two-factor-recovery-codes",
  "reset-two-factor",
  "passkey-add",
  "passkey-remove",
  "revoke-session",
  "close-account",
  "unsubscribe",
  "resend-mail",
  "create-apikey",
  "revoke-apikey",
  "create-bundle",
  "update-bundle",
  "delete-bundle",
  "create-item",
  "update-item",
  "delete-item",
  "create-site",
  "update-site",
  "delete-site",
  "create-vendor",
  "update-vendor",
  "delete-vendor",
  "pause-vendor",
  "resume-vendor",
  "create-user",
  "update-user",
  "delete-user",
  "create-role",
  "update-role",
  "delete-role",
  "generate-coupons",
  "delete-coupon",
  "update-store-settings",
  "moderate-review",
  "ticket-reply",
  "ticket-note",
  "update-ticket",
  "create-canned-reply",
  "update-canned-reply",
  "delete-canned-reply",
  "create-article",
  "update-article",
  "delete-article",
  "update-mail-template",
  "reset-mail-template",
  "update-webhook",
  "delete-webhook",
  "resend-webhook-delivery",
  "view-as-start",
  "view-as-end",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const OUTBOX_STATUSES = ["queued", "sent", "failed"] as const;
/** As a mail is shown: a queued mail a delivery has claimed is "sending" (migration 0140). */
export const OUTBOX_SHOWN_STATUSES = ["queued", "sending", "sent", "failed"] as const;

const auditRow = z.strictObject({
  auditId: z.number().int(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  subject: z.string(),
  subjectId: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  createdAt: timestamp(),
});

const outboxRow = z.strictObject({
  mailId: z.number().int(),
  toEmail: z.string(),
  mailKind: z.string(),
  mailSubject: z.string(),
  /** Null for those who may read the outbox but not manage it: bodies hold one-time links. */
  mailBody: z.string().nullable(),
  status: z.enum(OUTBOX_SHOWN_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: timestamp(),
  sentAt: timestamp().nullable(),
});

/** An API key as listed: never the key itself, which is shown once when created. */
export const apiKey = z.strictObject({
  apiKeyId: z.number().int(),
  keyName: z.string(),
  keyPrefix: z.string(),
  scope: z.literal("agent"),
  createdAt: timestamp(),
  lastUsedAt: timestamp().nullable(),
  revokedAt: timestamp().nullable(),
});

export const adminCalls = defineCalls({
  "search-role": {
    summary: "Roles with their rules and user counts, built-in first.",
    access: ["read", "Role"],
    input: z.object({ search: f.search(), ...f.paging(50) }),
    answer: listOf(role),
  },
  "update-role": {
    summary: "Creates (roleId 0) or updates a custom role and its rules; a rename carries its users along.",
    access: ["manage", "Role"],
    input: z.object({
      roleId: f.idOrNew(),
      roleName: f.textMatching(40, /^[A-Za-z0-9][A-Za-z0-9_-]*$/, "mustBeRoleName"),
      roleDesc: f.optionalDisplayText(200),
      rules: z.array(ruleInput).min(1).max(50),
    }),
    answer: z.strictObject({
      message: z.string(),
      role: role.omit({ userCount: true, rules: true }).extend({ rules: z.array(storedRule.omit({ conditions: true })) }),
    }),
  },
  "delete-role": {
    summary: "Deletes a custom role nobody holds (409 built_in, role_in_use).",
    access: ["manage", "Role"],
    input: z.object({ roleId: f.id() }),
    answer: done,
  },
  "search-audit": {
    summary: "The audit log, newest first, by action, actor email or subject, and outcome.",
    access: ["read", "Audit"],
    input: z.object({
      search: f.search(),
      outcome: f.blankIsAbsent(z.enum(AUDIT_OUTCOMES)),
      ...f.paging(10),
    }),
    answer: listOf(auditRow),
  },
  "search-outbox": {
    summary: "Mails the app queued (verification, reset, receipts, invoices), newest first.",
    access: ["read", "Outbox"],
    input: z.object({
      status: f.blankIsAbsent(z.enum(OUTBOX_STATUSES)),
      ...f.paging(10),
    }),
    answer: listOf(outboxRow, {
      mailDelivery: z.boolean().meta({
        description: "false when the deployment has no mail API (MAIL_API_URL and MAIL_API_KEY): mail stays queued, unsent.",
      }),
    }),
  },
  "outbox-preview": {
    summary: "One mail of the outbox as it is sent: text, HTML (shown sandboxed), its attachment, its unsubscribe link.",
    access: ["manage", "Outbox"],
    input: z.object({ mailId: f.id() }),
    answer: z.strictObject({
      mailId: z.number().int(),
      toEmail: z.string(),
      mailKind: z.string(),
      mailSubject: z.string(),
      mailBody: z.string(),
      mailHtml: z.string().nullable(),
      attachment: z.string().nullable().meta({
        description: 'The document made and attached when it is sent: "invoice:<referenceId>" or "credit-note:<number>".',
      }),
      unsubscribeUrl: z.string().nullable(),
      status: z.enum(OUTBOX_SHOWN_STATUSES),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: timestamp(),
      sentAt: timestamp().nullable(),
    }),
  },
  "resend-mail": {
    summary: "Queues a copy of a mail of the outbox (sent, failed or queued) as a new mail, and sends it.",
    access: ["manage", "Outbox"],
    input: z.object({ mailId: f.id() }),
    answer: z.strictObject({ message: z.string(), mailId: z.number().int() }),
  },
  "search-apikey": {
    summary: "The API keys agents use, newest first.",
    access: ["read", "ApiKey"],
    input: z.object({ ...f.paging(10) }),
    answer: listOf(apiKey.extend({ createdByName: z.string().nullable() })),
  },
  "create-apikey": {
    summary: "Creates an agent key; `key` is in this answer only (only its SHA-256 is stored).",
    access: ["manage", "ApiKey"],
    input: z.object({ keyName: f.displayName(60) }),
    answer: z.strictObject({ message: z.string(), key: z.string(), apiKey }),
  },
  "revoke-apikey": {
    summary: "Revokes an API key (409 already_revoked).",
    access: ["manage", "ApiKey"],
    input: z.object({ apiKeyId: f.id() }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Back office": adminCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { Role: role, ApiKey: apiKey };
