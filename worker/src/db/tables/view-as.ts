import type { Generated } from "kysely";

/** A staff member's read-only view as a client (migration 0430); times are Unix seconds. */
export interface ViewAsSessionsTable {
  id: Generated<number>;
  staffId: number;
  userId: number;
  startedAt: number;
  endedAt: number | null;
  endReason: "ended" | "expired" | "logout" | null;
}

declare module "../schema" {
  interface Database {
    view_as_sessions: ViewAsSessionsTable;
  }
  interface SessionsTable {
    /** The view-as this session runs (migration 0430); null for an ordinary session. */
    viewAsId: Generated<number | null>;
  }
}
