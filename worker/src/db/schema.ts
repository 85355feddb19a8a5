import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { NotificationKind } from "../contract/notifications";

/** Columns the database fills (autoincrement ids, defaults) are optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface RolesTable {
  roleId: Generated<number>;
  roleName: string;
  roleDesc: Defaulted<string>;
  builtIn: Defaulted<number>;
  createdAt: Defaulted<string>;
}

export interface RoleRulesTable {
  ruleId: Generated<number>;
  roleId: number;
  action: string;
  subject: string;
  inverted: Defaulted<number>;
  conditions: string | null;
}

export interface UsersTable {
  userId: Generated<number>;
  userName: string;
  userEmail: string;
  userPhone: Defaulted<string>;
  /** The postal address, blank when unknown (migration 0100). */
  userAddressLine1: Defaulted<string>;
  userAddressLine2: Defaulted<string>;
  userCity: Defaulted<string>;
  userPostalCode: Defaulted<string>;
  userCountry: Defaulted<string>;
  /** Billing details frozen into each payment at checkout (migration 0160). */
  billingCompany: Defaulted<string>;
  billingVatNumber: Defaulted<string>;
  userImage: string | null;
  userRole: string;
  userIsActive: Defaulted<number>;
  userQuota: Defaulted<number>;
  emailVerified: Defaulted<number>;
  passwordHash: string;
  passwordSalt: string;
  passwordIterations: number;
  twoFactorSecret: string | null;
  twoFactorEnabled: Defaulted<number>;
  /** The last TOTP time step a code was accepted for (migration 0070). */
  totpLastStep: Defaulted<number>;
  mailLanguage: Defaulted<"en" | "fr" | "ar">;
  /** The terms accepted at registration (TERMS_VERSION) and when; null without published terms (migration 0150). */
  termsVersion: Defaulted<string | null>;
  termsAcceptedAt: Defaulted<string | null>;
  /** Migration 0141: points below which a spend alerts (NULL: the price of the most used site; 0: off). */
  lowBalanceThreshold: Defaulted<number | null>;
  /** Migration 0141: 1 while that kind of mail is sent (the notification in the app always is). */
  mailSubscriptionEnding: Defaulted<number>;
  mailPaymentReminder: Defaulted<number>;
  mailLowBalance: Defaulted<number>;
  mailJobDone: Defaulted<number>;
  deletedAt: string | null;
  createdAt: Defaulted<string>;
  updatedAt: Defaulted<string>;
}

export interface SessionsTable {
  sessionId: Generated<number>;
  userId: number;
  tokenHash: string;
  rememberMe: Defaulted<number>;
  idleSeconds: number;
  userAgent: Defaulted<string>;
  ip: Defaulted<string>;
  createdAt: Defaulted<string>;
  lastSeenAt: number;
}

export interface AuthTokensTable {
  tokenHash: string;
  userId: number;
  purpose: "reset" | "verify" | "two_steps";
  detail: string | null;
  expiresAt: number;
  usedAt: number | null;
}

/** Migration 0150: a user's unused two-factor recovery codes, each as an HMAC (auth/recovery-codes.ts). */
export interface RecoveryCodesTable {
  userId: number;
  codeHash: string;
}

export interface LoginAttemptsTable {
  attemptId: Generated<number>;
  attemptKey: string;
  createdAt: number;
}

export interface ApiKeysTable {
  apiKeyId: Generated<number>;
  keyName: string;
  keyPrefix: string;
  keyHash: string;
  scope: Defaulted<"agent">;
  createdBy: number | null;
  createdAt: Defaulted<string>;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ItemsTable {
  itemId: Generated<number>;
  itemName: string;
  itemDesc: Defaulted<string>;
  itemPrice: number;
  itemDuration: number;
  itemUrl: Defaulted<string>;
  itemImage: string | null;
  itemFile: string | null;
  itemFileKey: string | null;
  itemIsActive: Defaulted<number>;
  createdAt: Defaulted<string>;
  updatedAt: Defaulted<string>;
}

export interface BundlesTable {
  bundleId: Generated<number>;
  bundlePoin: number;
  bundlePPP: number;
  bundleDisc: Defaulted<number>;
  /** Generated column: round(points × price per point × (100 − discount) / 100). */
  bundlePrice: ColumnType<number, never, never>;
  bundleIsActive: Defaulted<number>;
  /** Optional name and description, per language ('' = none; fr and ar fall back to English). Migration 0230. */
  bundleName: Defaulted<string>;
  bundleNameFr: Defaulted<string>;
  bundleNameAr: Defaulted<string>;
  bundleDesc: Defaulted<string>;
  bundleDescFr: Defaulted<string>;
  bundleDescAr: Defaulted<string>;
  createdAt: Defaulted<string>;
  updatedAt: Defaulted<string>;
}

export interface CouponsTable {
  couponId: Generated<number>;
  couponCode: string;
  couponQuota: number;
  couponExpired: string;
  couponUsed: Defaulted<"N" | "Y">;
  couponUsedDate: string | null;
  couponUsedBy: number | null;
  batchId: Defaulted<string>;
  createdAt: Defaulted<string>;
  /** The redemption that used it (migration 0030). */
  redeemToken: Defaulted<string | null>;
}

export interface SitesTable {
  siteId: Generated<number>;
  siteName: string;
  siteDesc: string;
  sitePrice: number;
  siteIsUse: Defaulted<number>;
  siteImage: string | null;
  createdAt: Defaulted<string>;
  updatedAt: Defaulted<string>;
}

export interface VendorAccountsTable {
  vendorId: Generated<number>;
  vendorSiteID: number;
  vendorName: string;
  loginMethod: "cookie" | "email";
  vendorEmail: Defaulted<string>;
  vendorSecret: string | null;
  vendorIsActive: Defaulted<number>;
  lastUsedAt: Defaulted<string>;
  createdAt: Defaulted<string>;
  updatedAt: Defaulted<string>;
}

export interface CartsTable {
  cartId: Generated<number>;
  userId: number;
  kind: "item" | "bundle";
  refId: number;
  qty: number;
  createdAt: Defaulted<string>;
}

export type PaymentStatus =
  "pending" | "awaiting_confirmation" | "paid" | "cancelled" | "expired" | "refunded" | "partially_refunded";
/** How it was paid: bank transfer, the signed gateway webhook, recorded by an admin, or by card (Stripe Checkout). */
export type PaymentMethod = "bank" | "gateway" | "manual" | "card";

export interface PaymentsTable {
  paymentId: Generated<number>;
  referenceId: string;
  userId: number;
  amount: number;
  currency: string;
  status: Defaulted<PaymentStatus>;
  lines: string;
  method: Defaulted<PaymentMethod>;
  proofKey: string | null;
  proofName: string | null;
  note: Defaulted<string>;
  invoiceNumber: number | null;
  createdAt: Defaulted<string>;
  expiresAt: string;
  paidAt: string | null;
  updatedAt: Defaulted<string>;
  /** The grant attempt that marked it paid (migration 0030). */
  grantToken: Defaulted<string | null>;
  /** The Stripe Checkout Session attempt, its session and expiry, the PaymentIntent that paid (migration 0085). */
  cardAttempt: Defaulted<number>;
  cardSessionId: Defaulted<string | null>;
  cardSessionExpiresAt: Defaulted<string | null>;
  cardPaymentIntentId: Defaulted<string | null>;
  /** Refunds settled and in flight, the tax and the buyer frozen at checkout, a stray card charge (migration 0160). */
  refundedAmount: Defaulted<number>;
  refundPending: Defaulted<number>;
  netAmount: Defaulted<number | null>;
  taxAmount: Defaulted<number | null>;
  taxJson: Defaulted<string | null>;
  buyerJson: Defaulted<string | null>;
  strayIntentId: Defaulted<string | null>;
}

/** Migration 0160: a refund of a payment; once settled, a credit note of its own gap-free series. */
export interface RefundsTable {
  refundId: Generated<number>;
  refundKey: string;
  referenceId: string;
  userId: number;
  amount: number;
  currency: string;
  reason: string;
  method: "card" | "manual";
  status: "pending" | "succeeded" | "failed";
  stripeRefundId: string | null;
  failureReason: string | null;
  creditNoteNumber: number | null;
  lines: Defaulted<string>;
  netAmount: number | null;
  taxAmount: number | null;
  pointsWanted: Defaulted<number>;
  pointsReclaimed: Defaulted<number>;
  subscriptionsEnded: Defaulted<number>;
  settleToken: string | null;
  actorId: number | null;
  createdAt: Defaulted<string>;
  settledAt: string | null;
}

/** 'invoice' and 'credit-note' (the last numbers of their series), and the exact counters of migration 0190 kept by triggers. */
export interface CountersTable {
  counterName: string;
  counterValue: number;
}

export interface SubscriptionsTable {
  subscriptionId: Generated<number>;
  userId: number;
  itemId: number;
  startsAt: string;
  endsAt: string;
  grantRef: string;
  createdAt: Defaulted<string>;
}

export type LedgerReason = "grant" | "spend" | "refund" | "redeem" | "adjust";

export interface QuotaLedgerTable {
  ledgerId: Generated<number>;
  userId: number;
  delta: number;
  reason: LedgerReason;
  ref: string | null;
  note: Defaulted<string>;
  actorId: number | null;
  createdAt: Defaulted<string>;
}

export interface HistoryTable {
  historyId: Generated<number>;
  uniqueId: string;
  userId: number;
  siteId: number | null;
  vendorId: number | null;
  siteName: string;
  vendorName: Defaulted<string>;
  fileName: string;
  fileKey: string;
  reportName: string | null;
  reportKey: string | null;
  pointsSpent: number;
  /** 0 queued, 1 done, 2 failed. */
  status: Defaulted<0 | 1 | 2>;
  similarity: number | null;
  claimedAt: string | null;
  claimedBy: string | null;
  createdAt: Defaulted<string>;
  updatedAt: Defaulted<string>;
}

export interface AuditLogTable {
  auditId: Generated<number>;
  actorId: number | null;
  actorEmail: Defaulted<string>;
  action: string;
  subject: Defaulted<string>;
  subjectId: Defaulted<string>;
  outcome: Defaulted<"ok" | "denied" | "failed">;
  detail: Defaulted<string>;
  ip: Defaulted<string>;
  createdAt: Defaulted<string>;
}

export interface OutboxTable {
  mailId: Generated<number>;
  toEmail: string;
  mailKind: string;
  mailSubject: string;
  mailBody: string;
  mailHtml: string | null;
  status: Defaulted<"queued" | "sent" | "failed">;
  attempts: Defaulted<number>;
  lastError: string | null;
  createdAt: Defaulted<string>;
  sentAt: string | null;
  /** Made when the mail is sent: "invoice:<referenceId>" or "credit-note:<number>" (migration 0160). */
  attachment: Defaulted<string | null>;
  /** Set by the delivery that claimed the mail (migration 0140): a queued row with a claim is being sent. */
  claimedAt: Defaulted<string | null>;
  /** Migration 0141: when a Queue message was last sent for it. */
  enqueuedAt: Defaulted<string | null>;
  /** Migration 0141: the one-click unsubscribe URL of a mail that is not transactional. */
  unsubscribeUrl: Defaulted<string | null>;
  /** Migration 0390: a ticket reply's signed support address (the Reply-To header). */
  replyTo: Defaulted<string | null>;
}

/** Migration 0141: a notification in the app, once per user and occasion. */
export interface NotificationsTable {
  notificationId: Generated<number>;
  userId: number;
  kind: NotificationKind;
  occasion: string;
  params: Defaulted<string>;
  link: string;
  createdAt: Defaulted<string>;
  readAt: string | null;
}

/** Migration 0140: the last R2 key the orphan sweep looked at, per prefix. */
export interface SweepCursorsTable {
  prefix: string;
  afterKey: string;
}

/** Full-text (trigram) tables kept in step by triggers; only `rowid` and MATCH are used. */
export interface FtsTable {
  rowid: number;
}

export interface Database {
  roles: RolesTable;
  role_rules: RoleRulesTable;
  users: UsersTable;
  users_fts: FtsTable & { users_fts: string };
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  recovery_codes: RecoveryCodesTable;
  login_attempts: LoginAttemptsTable;
  api_keys: ApiKeysTable;
  items: ItemsTable;
  items_fts: FtsTable & { items_fts: string };
  bundles: BundlesTable;
  coupons: CouponsTable;
  coupons_fts: FtsTable & { coupons_fts: string };
  sites: SitesTable;
  vendor_accounts: VendorAccountsTable;
  carts: CartsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  counters: CountersTable;
  subscriptions: SubscriptionsTable;
  quota_ledger: QuotaLedgerTable;
  history: HistoryTable;
  history_fts: FtsTable & { history_fts: string };
  audit_log: AuditLogTable;
  audit_log_fts: FtsTable & { audit_log_fts: string };
  outbox: OutboxTable;
  sweep_cursors: SweepCursorsTable;
  notifications: NotificationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
