import type { ColumnType, Generated } from "kysely";

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A client's Stripe Customer, made once (migration 0310). */
export interface StripeCustomersTable {
  userId: number;
  customerId: string;
  createdAt: Defaulted<string>;
}

/** A saved card: Stripe's PaymentMethod id and what the Billing tab shows (migration 0310). */
export interface PaymentMethodsTable {
  paymentMethodId: string;
  userId: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: Defaulted<number>;
  createdAt: Defaulted<string>;
}

export type RenewalStatus = "charging" | "retrying" | "renewed" | "awaiting_payment" | "failed";

/** One renewal per subscription period (migration 0310). */
export interface RenewalsTable {
  renewalId: Generated<number>;
  subscriptionId: number;
  userId: number;
  itemId: number;
  periodEnd: string;
  referenceId: string;
  status: RenewalStatus;
  attempt: Defaulted<number>;
  nextTryAt: string | null;
  paymentIntentId: Defaulted<string | null>;
  failure: Defaulted<string | null>;
  createdAt: string;
  updatedAt: string;
}

declare module "../schema" {
  interface Database {
    stripe_customers: StripeCustomersTable;
    payment_methods: PaymentMethodsTable;
    renewals: RenewalsTable;
  }
  /** The client's automatic renewal and whether the cron took it (migration 0310). */
  interface SubscriptionsTable {
    autoRenew: Defaulted<number>;
    renewalTaken: Defaulted<number>;
  }
}
