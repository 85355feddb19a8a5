import { nowIso, type DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { ColumnsOf } from "../../db/rows";
import type { Language } from "../../errors/language";
import { renderNotification } from "./notify";

/** The bell's unread count is counted up to this (a list's total, up to COUNT_CAP: db/list.ts). */
export const UNREAD_CAP = 100;

/** The caller's notifications (an index on userId), or only the unread ones (the partial notifications_unread). */
const ofUser = (db: DB, userId: number, unreadOnly: boolean) =>
  db
    .selectFrom("notifications")
    .where("userId", "=", userId)
    .$if(unreadOnly, (q) => q.where("readAt", "is", null));

/** SQL: how many of the user's notifications there are (or unread ones), up to `cap`. */
const countUpTo = (db: DB, userId: number, unreadOnly: boolean, cap: number) =>
  db
    .selectFrom(ofUser(db, userId, unreadOnly).select("notificationId").limit(cap).as("capped"))
    .select((eb) => eb.fn.countAll<number>().as("n"));

/** What a notification's answer is made of. */
const NOTIFICATION_COLUMNS = ["notificationId", "kind", "params", "link", "createdAt", "readAt"] as const;

/**
 * search-notification as a list (db/list.ts): the caller's notifications (or the unread ones), newest
 * first by id, with the unread count in the same round trip; each read through an index of the user's rows.
 */
export function notificationList(
  db: DB,
  userId: number,
  unreadOnly: boolean,
): { query: AnySelect } & Omit<ListOptions, "window"> {
  const query = ofUser(db, userId, unreadOnly).select(NOTIFICATION_COLUMNS);
  return { query, order: [["notificationId", "desc"]], with: [countUpTo(db, userId, true, UNREAD_CAP)] };
}

/** A count statement's result. */
export const countOf = (result: D1Result<unknown> | undefined) => (result?.results[0] as { n: number } | undefined)?.n ?? 0;

export type NotificationRow = ColumnsOf<"notifications", typeof NOTIFICATION_COLUMNS>;

/** A stored notification as the answer shows it: its texts written in the reader's language. */
export function notificationView(row: NotificationRow, language: Language) {
  const { title, body } = renderNotification(row.kind, row.params, language);
  return {
    notificationId: row.notificationId,
    kind: row.kind,
    title,
    body,
    link: row.link,
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}

/** Marks one of the user's notifications read (or all: `notificationId` null), then counts what is unread. */
export function readStatements(db: DB, userId: number, notificationId: number | null) {
  const mark = db
    .updateTable("notifications")
    .set({ readAt: nowIso() })
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .$if(notificationId !== null, (q) => q.where("notificationId", "=", notificationId!));
  const exists = db
    .selectFrom("notifications")
    .select("notificationId")
    .where("userId", "=", userId)
    .where("notificationId", "=", notificationId ?? 0);
  return [mark, exists, countUpTo(db, userId, true, UNREAD_CAP)] as const;
}
