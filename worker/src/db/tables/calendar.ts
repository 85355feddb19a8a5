import type { Generated } from "kysely";

/** A user's secret calendar feed (migration 0250): the nonce its secret is derived from, and that secret's hash. */
export interface CalendarFeedsTable {
  userId: number;
  nonce: string;
  secretHash: string;
  createdAt: Generated<string>;
}

// The feature's table joins the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    calendar_feeds: CalendarFeedsTable;
  }
}
