import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";

/** search-session as a list (db/list.ts): a user's sessions (sessions_user), last seen first; they are few. */
export function sessionList(db: DB, userId: number): { query: AnySelect } & Omit<ListOptions, "window"> {
  return {
    query: db
      .selectFrom("sessions")
      .select(["sessionId", "userAgent", "ip", "createdAt", "lastSeenAt", "rememberMe"])
      .where("userId", "=", userId),
    order: [
      ["lastSeenAt", "desc"],
      ["sessionId", "desc"],
    ],
  };
}
