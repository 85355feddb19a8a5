import { pruneAttempts } from "./auth/throttle";
import { expirePayments } from "./domain/payments/expire";
import { getDb, nowSeconds } from "./db";
import { mergeSearchIndexes } from "./db/search-indexes";
import { SCHEDULES, type Schedule } from "./schedules";
import { releaseStaleClaims } from "./domain/jobs/claims";
import { sendReminders } from "./domain/notifications/reminders";
import { dispatchMail } from "./domain/outbox/dispatch";
import { cronPortalOf, mailQueueOf, storeDefaultsOf, stripeOf } from "./http/settings";
import { loadStoreSettings, sellerBlockOf, taxOfSettings } from "./domain/storesettings/settings";
import { sweepOrphanedFiles } from "./domain/storage/sweep";
import { describeError, logFailure } from "./errors/log";
import { countSubscriptionDays } from "./domain/stats/subscriptions";
import { alertThresholds, sendFleetAlerts } from "./domain/fleet/alerts";
import { claimCutoff } from "./domain/jobs/claims";
import { renewSubscriptions } from "./domain/renewals/renew";
import { expirePoints } from "./domain/points/expire";
import { archiveOldRows, retentionMonthsOf } from "./domain/archive/move";
import { runArchiveErasures } from "./domain/archive/erase";

/** A periodic task, run by the cron trigger of its schedule. */
export interface CronTask {
  name: string;
  schedule: Schedule;
  run: (env: Env) => Promise<unknown>;
}

const { frequent, daily } = SCHEDULES;

export const cronTasks: CronTask[] = [
  { name: "prune-login-attempts", schedule: frequent, run: (env) => pruneAttempts(env.DB) },
  {
    name: "prune-tokens",
    schedule: frequent,
    run: (env) =>
      env.DB.prepare("DELETE FROM auth_tokens WHERE expiresAt < ?1")
        .bind(nowSeconds() - 86400)
        .run(),
  },
  {
    name: "prune-passkey-challenges",
    schedule: frequent,
    run: (env) => env.DB.prepare("DELETE FROM passkey_challenges WHERE expiresAt < ?1").bind(nowSeconds()).run(),
  },
  {
    // Reminders first, so the mails they queue go to the Queue in the same run; then whatever is left.
    name: "reminders-then-mail",
    schedule: frequent,
    run: async (env) => {
      const db = getDb(env.DB);
      try {
        // Signed with the site's name in force (the store settings), linking to SITE_URL.
        const { siteName } = await loadStoreSettings(db, storeDefaultsOf(env));
        const portal = { ...cronPortalOf(env), siteName };
        await sendReminders({ db, d1: env.DB, portal, pepper: env.SESSION_PEPPER });
      } finally {
        await dispatchMail(mailQueueOf(env), db);
      }
    },
  },
  { name: "expire-payments", schedule: frequent, run: (env) => expirePayments(env.DB) },
  {
    // Automatic renewal (decision 0022); its mails go with the next run's hand-over.
    name: "renew-subscriptions",
    schedule: frequent,
    run: async (env) => {
      const db = getDb(env.DB);
      const store = await loadStoreSettings(db, storeDefaultsOf(env));
      await renewSubscriptions({
        db,
        d1: env.DB,
        portal: { ...cronPortalOf(env), siteName: store.siteName },
        stripe: stripeOf(env),
        tax: taxOfSettings(store),
        seller: sellerBlockOf(store),
        currency: env.CURRENCY,
        expiryHours: store.paymentExpiryHours,
      });
    },
  },
  {
    name: "release-stale-job-claims",
    schedule: frequent,
    run: (env) => releaseStaleClaims(env.DB, env.JOB_CLAIM_TIMEOUT_MINUTES),
  },
  {
    name: "fleet-alerts",
    schedule: frequent,
    run: (env) =>
      sendFleetAlerts({
        db: getDb(env.DB),
        d1: env.DB,
        portal: cronPortalOf(env),
        thresholds: alertThresholds(env.FLEET_ALERT_FAILURE_PERCENT, env.FLEET_ALERT_MIN_JOBS),
        claimCutoff: claimCutoff(env.JOB_CLAIM_TIMEOUT_MINUTES),
      }),
  },
  { name: "merge-search-indexes", schedule: daily, run: (env) => mergeSearchIndexes(env.DB) },
  {
    name: "sweep-orphaned-files",
    schedule: daily,
    run: (env) =>
      sweepOrphanedFiles(env.FILES, getDb(env.DB), { retentionMonths: retentionMonthsOf(env.ARCHIVE_RETENTION_MONTHS) }),
  },
  { name: "count-subscription-days", schedule: daily, run: (env) => countSubscriptionDays(env.DB) },
  {
    // Points that expire (decision 0028): reminders 7 days before, then expiry; its mails go with the next hand-over.
    name: "expire-points",
    schedule: frequent,
    run: async (env) => {
      const db = getDb(env.DB);
      const { siteName } = await loadStoreSettings(db, storeDefaultsOf(env));
      await expirePoints({ db, d1: env.DB, portal: { ...cronPortalOf(env), siteName }, pepper: env.SESSION_PEPPER });
    },
  },
  {
    // Retention to R2 (decision 0025): a few chunks a table each run, then the closed accounts still to erase.
    name: "archive-old-rows",
    schedule: frequent,
    run: async (env) => {
      await archiveOldRows({ d1: env.DB, bucket: env.FILES, retentionMonths: retentionMonthsOf(env.ARCHIVE_RETENTION_MONTHS) });
      await runArchiveErasures(env.DB, env.FILES);
    },
  },
];

/**
 * Runs every task of a schedule (the frequent one unless named); one failing does not stop the others.
 * A schedule no task runs on is refused (a hand-run cron names one of SCHEDULES).
 */
export async function runCron(env: Env, schedule: string = frequent): Promise<void> {
  const tasks = cronTasks.filter((task) => task.schedule === schedule);
  if (tasks.length === 0) {
    throw new Error(`no cron task runs on "${schedule}": name one of ${Object.values(SCHEDULES).join(", ")}`);
  }
  // async: a task that throws before its first await fails alone too.
  const results = await Promise.allSettled(tasks.map(async (task) => task.run(env)));
  results.forEach((result, i) => {
    if (result.status === "rejected") {
      logFailure({ kind: "cron", task: tasks[i]!.name, schedule, error: describeError(result.reason) });
    }
  });
}
