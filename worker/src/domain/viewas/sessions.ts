import { sql } from "kysely";
import { VIEW_AS_SECONDS, type ViewAs } from "../../auth/session";
import { runBatch, type DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import { audit, oneRowChanged } from "../audit";
import type { DomainContext } from "../context";

export type ViewAsEndReason = "ended" | "expired" | "logout";

/** The view-as row of a start: the first statement of its batch (the session insert after it names its id). */
export const insertViewAs = (db: DB, staffId: number, userId: number, now: number) =>
  db.insertInto("view_as_sessions").values({ staffId, userId, startedAt: now, endedAt: null, endReason: null });

/**
 * Ends a view-as once: its row, its audit row (only if this batch ended it, so two requests finding it
 * expired write one) and its client-side session. The context's actor is the staff member.
 */
export async function endViewAs(context: DomainContext, viewAsId: number, userId: number, reason: ViewAsEndReason, now: number) {
  const { db } = context;
  await runBatch(context.d1, [
    db
      .updateTable("view_as_sessions")
      .set({ endedAt: now, endReason: reason })
      .where("id", "=", viewAsId)
      .where("endedAt", "is", null),
    audit(context, { action: "view-as-end", subject: "User", subjectId: userId, detail: { reason } }, oneRowChanged),
    db.deleteFrom("sessions").where("viewAsId", "=", viewAsId),
  ]);
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A running view-as as `me` tells the web app (the banner): who views, since and until when. */
export const viewAsState = (viewAs: ViewAs) => ({
  staffName: viewAs.staffName,
  startedAt: iso(viewAs.startedAt),
  endsAt: iso(viewAs.startedAt + VIEW_AS_SECONDS),
});

/** search-view-as as a list (db/list.ts): a user's view-as sessions (view_as_sessions_user), newest first. */
export function viewAsList(db: DB, userId: number): { query: AnySelect } & Omit<ListOptions, "window"> {
  return {
    query: db
      .selectFrom("view_as_sessions as v")
      .innerJoin("users as st", "st.userId", "v.staffId")
      .select(["v.id as viewAsId", "v.staffId", "st.userName as staffName", "v.startedAt", "v.endedAt", "v.endReason"])
      .where("v.userId", "=", userId),
    order: [[sql`v.id`, "desc"]],
  };
}
