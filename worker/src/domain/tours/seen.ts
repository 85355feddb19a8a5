import type { DB } from "../../db";

/** A user's tour state for one role, as the tour calls answer it. */
export interface TourState {
  role: string;
  seen: boolean;
  seenAt: string | null;
}

export function tourView(role: string, row: { seenAt: string } | undefined): TourState {
  return { role, seen: row !== undefined, seenAt: row?.seenAt ?? null };
}

/** When this user finished or skipped this role's tour, if they did (one row by its primary key). */
export function seenRow(db: DB, userId: number, role: string) {
  return db.selectFrom("tour_seen").select("seenAt").where("userId", "=", userId).where("role", "=", role);
}

/** Remembers the tour as seen; seeing it again keeps the first time. Answers the row. */
export function markSeen(db: DB, userId: number, role: string) {
  return db
    .insertInto("tour_seen")
    .values({ userId, role })
    .onConflict((conflict) => conflict.columns(["userId", "role"]).doUpdateSet({ seenAt: (eb) => eb.ref("tour_seen.seenAt") }))
    .returning("seenAt");
}

/** Forgets it, so the home page runs the tour again. */
export function forgetSeen(db: DB, userId: number, role: string) {
  return db.deleteFrom("tour_seen").where("userId", "=", userId).where("role", "=", role);
}
