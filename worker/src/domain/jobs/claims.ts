import type { Ctx } from "../../http/context";

/** Who holds a claim: an agent's key or a signed-in user (an admin). */
export function claimTag(ctx: Ctx): string {
  return ctx.agent ? `api-key:${ctx.agent.apiKeyId}` : `user:${ctx.user?.userId ?? 0}`;
}

/** Claims older than this return to the queue (JOB_CLAIM_TIMEOUT_MINUTES, default 30). */
export function claimCutoff(env: Env, now = Date.now()): string {
  const minutes = Number(env.JOB_CLAIM_TIMEOUT_MINUTES) || 30;
  return new Date(now - minutes * 60_000).toISOString();
}

/** Cron task: jobs claimed and not finished in time go back to the queue. */
export async function releaseStaleClaims(env: Env): Promise<number> {
  const result = await env.DB.prepare(
    "UPDATE history SET claimedAt = NULL, claimedBy = NULL WHERE status = 0 AND claimedAt IS NOT NULL AND claimedAt < ?1",
  )
    .bind(claimCutoff(env))
    .run();
  return result.meta.changes ?? 0;
}
