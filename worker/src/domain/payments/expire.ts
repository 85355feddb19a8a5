/**
 * Pending payments past their expiry become "expired" (cron). A payment with a proof of transfer
 * (awaiting confirmation) never expires: the payer sent the money in time, so it waits for an admin to
 * confirm or cancel it (issue 30). A payment paid meanwhile is untouched.
 */
export async function expirePayments(d1: D1Database, now = new Date()): Promise<number> {
  const iso = now.toISOString();
  // SQL's changes() counts the payments alone; meta.changes would add the rows triggers wrote.
  const [, expired] = await d1.batch<{ n: number }>([
    d1.prepare("UPDATE payments SET status = 'expired', updatedAt = ?1 WHERE status = 'pending' AND expiresAt <= ?1").bind(iso),
    d1.prepare("SELECT changes() AS n"),
  ]);
  return expired!.results[0]!.n;
}
