import type { Actor } from "../../auth/actor";

/** Who holds a claim: an agent's key or a signed-in user (an admin). */
export function claimTag(actor: Actor): string {
  return actor.agent ? `api-key:${actor.agent.apiKeyId}` : `user:${actor.userId ?? 0}`;
}

/** Claims older than this return to the queue (JOB_CLAIM_TIMEOUT_MINUTES, `timeoutMinutes`; default 30). */
export function claimCutoff(timeoutMinutes: string | undefined, now = Date.now()): string {
  const minutes = Number(timeoutMinutes) || 30;
  return new Date(now - minutes * 60_000).toISOString();
}

/** Cron task: jobs claimed and not finished in time go back to the queue. */
export async function releaseStaleClaims(d1: D1Database, timeoutMinutes: string | undefined): Promise<number> {
  const result = await d1
    .prepare(
      "UPDATE history SET claimedAt = NULL, claimedBy = NULL WHERE status = 0 AND claimedAt IS NOT NULL AND claimedAt < ?1",
    )
    .bind(claimCutoff(timeoutMinutes))
    .run();
  return result.meta.changes ?? 0;
}
