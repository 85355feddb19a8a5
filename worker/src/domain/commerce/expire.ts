/** Unpaid payments past their expiry become "expired" (cron). A payment paid meanwhile is untouched. */
export async function expirePayments(d1: D1Database, now = new Date()): Promise<number> {
  const iso = now.toISOString();
  const result = await d1
    .prepare(
      "UPDATE payments SET status = 'expired', updatedAt = ?1 WHERE status IN ('pending', 'awaiting_confirmation') AND expiresAt <= ?1",
    )
    .bind(iso)
    .run();
  return result.meta.changes ?? 0;
}
