import { pruneAttempts } from "./auth/throttle";
import { expirePayments } from "./domain/commerce/expire";
import { getDb, nowSeconds } from "./db";
import { releaseStaleClaims } from "./domain/jobs/claims";
import { deliverOutbox } from "./domain/outbox/queue";

/** A periodic task run by the cron trigger (wrangler.toml [triggers]). */
export interface CronTask {
  name: string;
  run: (env: Env) => Promise<unknown>;
}

export const cronTasks: CronTask[] = [
  { name: "prune-login-attempts", run: (env) => pruneAttempts(env.DB) },
  {
    name: "prune-tokens",
    run: (env) =>
      env.DB.prepare("DELETE FROM auth_tokens WHERE expiresAt < ?1")
        .bind(nowSeconds() - 86400)
        .run(),
  },
  { name: "deliver-outbox", run: (env) => deliverOutbox(env, getDb(env.DB)) },
  { name: "expire-payments", run: (env) => expirePayments(env.DB) },
  { name: "release-stale-job-claims", run: (env) => releaseStaleClaims(env.DB, env.JOB_CLAIM_TIMEOUT_MINUTES) },
];

/** Runs every task; one failing does not stop the others. */
export async function runCron(env: Env): Promise<void> {
  const results = await Promise.allSettled(cronTasks.map((task) => task.run(env)));
  results.forEach((result, i) => {
    if (result.status === "rejected") console.error(`cron task ${cronTasks[i]!.name} failed`, result.reason);
  });
}
