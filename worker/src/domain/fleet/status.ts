const DAY_MS = 86_400_000;

/**
 * Every vendor account (or one site's) with its queue and the last 24 hours, in one statement: the
 * queue reads the queued jobs (history_status), the 24 hours a range of history_finished, so what it
 * reads grows with the queue and a day's jobs, not with history. The median is the middle finish time
 * (the mean of the two middle ones for an even count) of the jobs finished in the window, from
 * submission to finish. A claim older than `claimCutoff` no longer holds: that job counts as queued.
 */
export async function fleetVendors(
  d1: D1Database,
  options: { siteId?: number | undefined; claimCutoff: string; now?: number; vendorId?: number },
) {
  const since = new Date((options.now ?? Date.now()) - DAY_MS).toISOString();
  const { results } = await d1
    .prepare(
      `WITH queue AS (
         SELECT vendorId, sum(claimedAt IS NULL OR claimedAt < ?1) AS queued, sum(claimedAt >= ?1) AS claimed
         FROM history WHERE status = 0 GROUP BY vendorId),
       finished AS MATERIALIZED (
         SELECT vendorId, status, (julianday(updatedAt) - julianday(createdAt)) * 1440 AS minutes
         FROM history WHERE status <> 0 AND updatedAt >= ?2),
       ranked AS (
         SELECT vendorId, status, minutes,
           row_number() OVER (PARTITION BY vendorId ORDER BY minutes) AS position,
           count(*) OVER (PARTITION BY vendorId) AS n
         FROM finished),
       day AS (
         SELECT vendorId, sum(status = 1) AS done24h, sum(status = 2) AS failed24h,
           avg(CASE WHEN position IN ((n + 1) / 2, (n + 2) / 2) THEN minutes END) AS medianMinutes
         FROM ranked GROUP BY vendorId)
       SELECT v.vendorId, v.vendorName, v.vendorSiteID AS siteId, s.siteName, v.vendorIsActive, v.lastUsedAt,
         coalesce(q.queued, 0) AS queued, coalesce(q.claimed, 0) AS claimed,
         coalesce(d.done24h, 0) AS done24h, coalesce(d.failed24h, 0) AS failed24h, d.medianMinutes
       FROM vendor_accounts v
       LEFT JOIN sites s ON s.siteId = v.vendorSiteID
       LEFT JOIN queue q ON q.vendorId = v.vendorId
       LEFT JOIN day d ON d.vendorId = v.vendorId
       WHERE (?3 IS NULL OR v.vendorSiteID = ?3) AND (?4 IS NULL OR v.vendorId = ?4)
       ORDER BY s.siteName, v.vendorName, v.vendorId`,
    )
    .bind(options.claimCutoff, since, options.siteId ?? null, options.vendorId ?? null)
    .all<{
      vendorId: number;
      vendorName: string;
      siteId: number;
      siteName: string | null;
      vendorIsActive: number;
      queued: number;
      claimed: number;
      done24h: number;
      failed24h: number;
      medianMinutes: number | null;
      lastUsedAt: string;
    }>();
  // As the contract answers it: the failure rate over the finished jobs, minutes to two decimals.
  return results.map((row) => {
    const finished = row.done24h + row.failed24h;
    return {
      vendorId: row.vendorId,
      vendorName: row.vendorName,
      siteId: row.siteId,
      siteName: row.siteName,
      active: row.vendorIsActive === 1,
      queued: row.queued,
      claimed: row.claimed,
      done24h: row.done24h,
      failed24h: row.failed24h,
      failureRate: finished === 0 ? null : row.failed24h / finished,
      medianMinutes: row.medianMinutes === null ? null : Math.round(row.medianMinutes * 100) / 100,
      lastUsedAt: row.lastUsedAt,
    };
  });
}
