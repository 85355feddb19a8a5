import { sql } from "kysely";
import type { DB } from "../../db";
import type { Portal } from "../context";
import { notificationInsert, unsubscribeLinks } from "../notifications/notify";
import { queueMail } from "../outbox/queue";
import { jobDoneMail, jobFailedMail } from "./mails";

/** A finished job as its notices need it. */
export interface FinishedJob {
  uniqueId: string;
  userId: number;
  userEmail: string;
  userName: string;
  mailLanguage: string;
  siteName: string;
  fileName: string;
  pointsSpent: number;
  deletedAt: string | null;
}

export type JobOutcome = { status: 1; similarity: number; hasReport: boolean } | { status: 2 };

/**
 * What a finished job tells its owner, for the batch that finishes it: a notification in the app (once
 * per job) and the mail, unless the owner turned job mails off (checked when the batch runs). A closed
 * account gets neither (issue 30).
 */
export async function jobNotices(db: DB, portal: Portal, pepper: string, job: FinishedJob, outcome: JobOutcome) {
  if (job.deletedAt !== null) return [];
  const to = {
    to: job.userEmail,
    name: job.userName,
    siteName: job.siteName,
    fileName: job.fileName,
    language: job.mailLanguage,
  };
  const links = await unsubscribeLinks(portal, pepper, job.userId, "jobDone");
  const wanted = sql<boolean>`EXISTS (SELECT 1 FROM users WHERE userId = ${job.userId} AND mailJobDone = 1)`;
  const occasion = `job:${job.uniqueId}`;
  if (outcome.status === 1) {
    return [
      notificationInsert(db, {
        userId: job.userId,
        kind: "job-done",
        occasion,
        params: { site: job.siteName, fileName: job.fileName, similarity: outcome.similarity },
        link: outcome.hasReport ? "/portal/download-page" : "/portal/history-user",
      }),
      queueMail(db, jobDoneMail(portal, to, outcome.similarity, outcome.hasReport, links), wanted),
    ];
  }
  return [
    notificationInsert(db, {
      userId: job.userId,
      kind: "job-failed",
      occasion,
      params: { site: job.siteName, fileName: job.fileName, refunded: job.pointsSpent },
      link: "/portal/site",
    }),
    queueMail(db, jobFailedMail(portal, to, job.pointsSpent, links), wanted),
  ];
}
