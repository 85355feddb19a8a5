import type { InferResult } from "kysely";
import type { z } from "zod";
import type { myData } from "../../contract/my-data";
import { runBatch } from "../../db";
import { isLanguage } from "../../errors/language";
import { creditNotesOf, creditNoteView, type CreditNoteRow } from "../refunds/credit-notes";
import { PAYMENT_COLUMNS } from "../payments/lines";
import { buyerColumns, paymentWithUser } from "../payments/queries";
import type { DomainContext } from "../context";
import { notificationView, type NotificationRow } from "../notifications/list";
import { toUserData, toUserView, userViewOf } from "./view";
import { archivedRowsOf } from "../archive/read";
import type { ArchivedRow } from "../archive/tables";

/** An archived row with only the columns its live query selects, so both read alike. */
const picked = <K extends string>(row: ArchivedRow, columns: readonly K[]) =>
  Object.fromEntries(columns.map((column) => [column, row[column] ?? null])) as Record<K, unknown>;

const JOB_COLUMNS = [
  "uniqueId",
  "siteName",
  "fileName",
  "reportName",
  "pointsSpent",
  "status",
  "similarity",
  "createdAt",
  "updatedAt",
] as const;
const AUDIT_COLUMNS = ["action", "subject", "subjectId", "outcome", "detail", "actorId", "ip", "createdAt"] as const;
const NOTIFICATION_COLUMNS = ["notificationId", "kind", "params", "link", "createdAt", "readAt"] as const;

export type MyData = z.output<typeof myData>;

/** The reads of an export, one query per part, all about `userId`. */
function exportQueries(db: DomainContext["db"], userId: number) {
  return {
    profile: userViewOf(db, userId).select(["u.mailLanguage", "u.termsVersion", "u.termsAcceptedAt", "u.updatedAt"]),
    ledger: db
      .selectFrom("quota_ledger")
      .select(["ledgerId", "delta", "reason", "ref", "note", "createdAt"])
      .where("userId", "=", userId)
      .orderBy("ledgerId"),
    payments: db
      .selectFrom("payments as p")
      .innerJoin("users as u", "u.userId", "p.userId")
      .select([...PAYMENT_COLUMNS.map((c) => `p.${c}` as const), ...buyerColumns])
      .where("p.userId", "=", userId)
      .orderBy("p.paymentId"),
    creditNotes: creditNotesOf(db, userId),
    subscriptions: db
      .selectFrom("subscriptions as s")
      .innerJoin("items as i", "i.itemId", "s.itemId")
      .select(["s.subscriptionId", "s.itemId", "i.itemName", "s.startsAt", "s.endsAt"])
      .where("s.userId", "=", userId)
      .orderBy("s.subscriptionId"),
    // Not the vendor account, its credentials or the claim: those are the portal's, not the client's.
    jobs: db.selectFrom("history").select(JOB_COLUMNS).where("userId", "=", userId).orderBy("historyId"),
    // Never the token's hash.
    sessions: db
      .selectFrom("sessions")
      .select(["sessionId", "userAgent", "ip", "createdAt", "lastSeenAt", "rememberMe"])
      .where("userId", "=", userId)
      .orderBy("sessionId"),
    // What they did, and what was done to their account (subjectId has no index: a rare call reads the log once).
    audit: db
      .selectFrom("audit_log")
      .select(AUDIT_COLUMNS)
      .where((eb) =>
        eb.or([
          eb("actorId", "=", userId),
          eb.and([eb("subject", "in", ["User", "Quota"]), eb("subjectId", "=", String(userId))]),
        ]),
      )
      .orderBy("auditId"),
    notifications: db
      .selectFrom("notifications")
      .select(NOTIFICATION_COLUMNS)
      .where("userId", "=", userId)
      .orderBy("notificationId"),
    reviews: db
      .selectFrom("reviews")
      .select(["reviewId", "itemId", "rating", "reviewText as text", "status", "createdAt", "updatedAt"])
      .where("userId", "=", userId)
      .orderBy("reviewId"),
    ticketAttachments: db
      .selectFrom("tickets as t")
      .innerJoin("ticket_messages as m", "m.ticketId", "t.ticketId")
      .innerJoin("ticket_attachments as a", "a.messageId", "m.messageId")
      .select(["a.attachmentId", "a.ticketId", "a.name", "a.type", "a.size", "a.createdAt"])
      .where("t.userId", "=", userId)
      .where("m.internal", "=", 0)
      .orderBy("a.attachmentId"),
  };
}

type Rows<K extends keyof ReturnType<typeof exportQueries>> = InferResult<ReturnType<typeof exportQueries>[K]>;

/**
 * Everything the portal keeps about a user, without secrets: D1 read in one round trip, and the rows the
 * retention moved to R2 (decision 0025), oldest first as they were.
 */
export async function exportMyData(
  context: Pick<DomainContext, "db" | "d1">,
  bucket: R2Bucket,
  userId: number,
  currentSessionId: number | null,
  site: string,
): Promise<MyData> {
  const queries = exportQueries(context.db, userId);
  const [
    [
      profileRows,
      ledger,
      payments,
      creditNotes,
      subscriptions,
      liveJobs,
      sessions,
      liveAudit,
      liveNotifications,
      reviews,
      ticketAttachments,
    ],
    archived,
  ] = await Promise.all([runBatch(context.d1, Object.values(queries)), archivedRowsOf(context.d1, bucket, userId)]);
  const jobs = [...archived.jobs.map((row) => picked(row, JOB_COLUMNS)), ...liveJobs!.results];
  const audit = [...archived.audit.map((row) => picked(row, AUDIT_COLUMNS)), ...liveAudit!.results];
  const notifications = [
    ...archived.notifications.map((row) => picked(row, NOTIFICATION_COLUMNS)),
    ...liveNotifications!.results,
  ];
  const row = profileRows!.results[0] as Rows<"profile">[number] | undefined;
  if (!row) throw new Error(`export of user ${userId}, who does not exist`);
  const { recoveryCodesLeft, mailLanguage, termsVersion, termsAcceptedAt, updatedAt, ...view } = row;
  return {
    exportedAt: new Date().toISOString(),
    site,
    profile: { ...toUserData(toUserView(view), recoveryCodesLeft), mailLanguage, termsVersion, termsAcceptedAt, updatedAt },
    ledger: ledger!.results as Rows<"ledger">,
    payments: (payments!.results as Rows<"payments">).map(paymentWithUser),
    creditNotes: (creditNotes!.results as unknown as CreditNoteRow[]).map(creditNoteView),
    subscriptions: subscriptions!.results as Rows<"subscriptions">,
    reviews: reviews!.results as Rows<"reviews">,
    ticketAttachments: ticketAttachments!.results as Rows<"ticketAttachments">,
    jobs: jobs as Rows<"jobs">,
    sessions: (sessions!.results as Rows<"sessions">).map(({ sessionId, rememberMe, lastSeenAt, ...session }) => ({
      ...session,
      lastSeenAt: new Date(lastSeenAt * 1000).toISOString(),
      rememberMe: rememberMe === 1,
      current: sessionId === currentSessionId,
    })),
    audit: (audit as Rows<"audit">).map(({ actorId, ip, detail, ...entry }) => ({
      ...entry,
      detail: JSON.parse(detail) as Record<string, unknown>,
      byYou: actorId === userId,
      // Whoever else acted (an admin) is not the caller's data: not their address either.
      ip: actorId === userId ? ip : "",
    })),
    notifications: (notifications as unknown as NotificationRow[]).map((n) =>
      notificationView(n, isLanguage(mailLanguage) ? mailLanguage : "en"),
    ),
  };
}
