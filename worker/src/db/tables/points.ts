import type { ColumnType, Generated } from "kysely";

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A purchase line of points that expire: what is left of it and when it goes (migration 0370). */
export interface QuotaGrantsTable {
  grantId: Generated<number>;
  userId: number;
  referenceId: string;
  points: number;
  remaining: number;
  expiresAt: string;
  note: Defaulted<string>;
  remindedAt: Defaulted<string | null>;
  expiredAt: Defaulted<string | null>;
  createdAt: Defaulted<string>;
}

declare module "../schema" {
  interface Database {
    quota_grants: QuotaGrantsTable;
  }
  /** Days a bundle's points stay valid once bought; null: never expire (migration 0370). */
  interface BundlesTable {
    bundleValidDays: Defaulted<number | null>;
  }
}
