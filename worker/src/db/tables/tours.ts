import type { Generated } from "kysely";

/** Who has finished or skipped the first sign-in tour of which role (migration 0300). */
export interface TourSeenTable {
  userId: number;
  role: string;
  seenAt: Generated<string>;
}

// The feature's table joins the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    tour_seen: TourSeenTable;
  }
}
