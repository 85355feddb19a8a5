import type { ColumnType } from "kysely";

declare module "../schema" {
  interface PaymentsTable {
    /** A change-plan payment: the subscription it replaces once paid (migration 0360). */
    planChangeOf: ColumnType<number | null, number | null | undefined, number | null>;
  }
}
