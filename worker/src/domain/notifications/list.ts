import type { NotificationKind } from "../../contract/notifications";
import { nowIso, type DB } from "../../db";
import type { Language } from "../../errors/language";
import { renderNotification } from "./notify";

/** Totals are counted up to this (the list says "1,000+"); the bell's unread count up to UNREAD_CAP. */
export const TOTAL_CAP = 1000;
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

/**
 * A page of the caller's notifications, newest first, its total (the same conditions) and the unread
 * count: three plain statements for one round trip (runBatch), each read through an index of the user's rows.
 */
export function notificationListQueries(db: DB, userId: number, unreadOnly: boolean, window: { offset: number; limit: number }) {
  const page = ofUser(db, userId, unreadOnly)
    .select(["notificationId", "kind", "params", "link", "createdAt", "readAt"])
    .orderBy("notificationId", "desc")
    .limit(window.limit)
    .offset(window.offset);
  return [page, countUpTo(db, userId, unreadOnly, TOTAL_CAP), countUpTo(db, userId, true, UNREAD_CAP)] as const;
}

/** A count statement's result. */
export const countOf = (result: D1Result<unknown> | undefined) => (result?.results[0] as { n: number } | undefined)?.n ?? 0;

export interface NotificationRow {
  notificationId: number;
  kind: NotificationKind;
  params: string;
  link: string;
  createdAt: string;
  readAt: string | null;
}

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
