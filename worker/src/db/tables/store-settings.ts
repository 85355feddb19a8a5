import type { Generated } from "kysely";

/** One setting an admin changed (migration 0280): its value as JSON; the var is the default without a row. */
export interface StoreSettingsTable {
  settingKey: string;
  settingValue: string;
  updatedAt: Generated<string>;
  updatedBy: number | null;
}

// The feature's table and column join the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    store_settings: StoreSettingsTable;
  }
  interface PaymentsTable {
    /** The seller block frozen when the invoice was issued (migration 0280); null before it. */
    sellerJson: Generated<string | null>;
  }
}
