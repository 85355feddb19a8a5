/**
 * Subscriptions active at the start of each UTC day, per item and in all (itemId 0): subscription_days
 * (migration 0190), written by the daily cron rather than by triggers, so a subscription granted costs
 * no roll-up row. dashboard-stats reads the latest day up to a moment and adds the starts and ends
 * since (queries.ts `subscriptionsAt`). Nothing changes a subscription's start once it has passed, so a
 * day's count stays true; a missed day is filled on the next run.
 */

/**
 * One statement: the days after the latest counted one (or, with none, from the first subscription)
 * through `today`, each the day before's count plus the starts and less the ends whose first midnight at
 * or after them is that day. Items without a subscription running are left out (0); itemId 0 is always there.
 */
const SNAPSHOT_SQL = `INSERT OR IGNORE INTO subscription_days (day, itemId, active)
WITH RECURSIVE
  last(day) AS (SELECT max(day) FROM subscription_days),
  since(at) AS (SELECT coalesce((SELECT day FROM last) || 'T00:00:00.000Z', '')),
  events(itemId, day, delta) AS (
    SELECT s.itemId, iif(strftime('%H:%M:%f', s.startsAt) = '00:00:00.000', date(s.startsAt), date(s.startsAt, '+1 day')), 1
      FROM since, subscriptions s WHERE s.startsAt > since.at AND s.startsAt <= ?1
    UNION ALL
    SELECT s.itemId, iif(strftime('%H:%M:%f', s.endsAt) = '00:00:00.000', date(s.endsAt), date(s.endsAt, '+1 day')), -1
      FROM since, subscriptions s WHERE s.endsAt > since.at AND s.endsAt <= ?1
  ),
  perDay(itemId, day, delta) AS (
    SELECT itemId, day, sum(delta) FROM events GROUP BY itemId, day
    UNION ALL SELECT 0, day, sum(delta) FROM events GROUP BY day
  ),
  base(itemId, active) AS (SELECT itemId, active FROM subscription_days WHERE day = (SELECT day FROM last)),
  items(itemId) AS (SELECT 0 UNION SELECT itemId FROM base UNION SELECT itemId FROM events),
  days(day) AS (
    SELECT coalesce(date((SELECT day FROM last), '+1 day'), (SELECT min(day) FROM events), ?2)
    UNION ALL SELECT date(day, '+1 day') FROM days WHERE day < ?2
  ),
  counted(day, itemId, active) AS (
    SELECT d.day, i.itemId,
      coalesce((SELECT b.active FROM base b WHERE b.itemId = i.itemId), 0)
        + sum(coalesce(p.delta, 0)) OVER (PARTITION BY i.itemId ORDER BY d.day)
    FROM days d CROSS JOIN items i LEFT JOIN perDay p ON p.itemId = i.itemId AND p.day = d.day
    WHERE d.day <= ?2
  )
SELECT day, itemId, active FROM counted WHERE active <> 0 OR itemId = 0`;

/** Counts the subscriptions active at the start of every day not counted yet, through `now`'s day. */
export async function countSubscriptionDays(d1: D1Database, now = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const result = await d1.prepare(SNAPSHOT_SQL).bind(`${today}T00:00:00.000Z`, today).run();
  return result.meta.changes ?? 0;
}
