-- Roll-ups for dashboard-stats, kept by triggers in the same transaction as the rows they sum (like the
-- counters of 0090), so the dashboards read a few hundred roll-up rows instead of a year of raw rows.

-- One row per UTC day: the figures charted day by day. A figure belongs to the day of the moment it
-- is about: payments paid (paidAt), payments and jobs created (createdAt; by their current status),
-- users created, ledger points by reason, coupons redeemed (couponUsedDate).
CREATE TABLE daily_stats (
  day TEXT PRIMARY KEY,
  paidCount INTEGER NOT NULL DEFAULT 0,
  paidAmount INTEGER NOT NULL DEFAULT 0,
  paymentsCreated INTEGER NOT NULL DEFAULT 0,
  newUsers INTEGER NOT NULL DEFAULT 0,
  pointsGrant INTEGER NOT NULL DEFAULT 0,
  pointsSpend INTEGER NOT NULL DEFAULT 0,
  pointsRefund INTEGER NOT NULL DEFAULT 0,
  pointsRedeem INTEGER NOT NULL DEFAULT 0,
  jobsCreated INTEGER NOT NULL DEFAULT 0,
  jobsDone INTEGER NOT NULL DEFAULT 0,
  jobsFailed INTEGER NOT NULL DEFAULT 0,
  couponsRedeemed INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- Figures broken down by a catalogue row or a status, at three grains (year "YYYY", month "YYYY-MM",
-- day "YYYY-MM-DD"), so any period is a sum of at most a few dozen rows per breakdown value
-- (worker/src/domain/stats/periods.ts):
--   site           jobs created per site (dimId siteId, 0 once the site is deleted): n, done, failed, points
--   vendor         jobs created per vendor account (dimId vendorId, 0 once deleted): n
--   payments       payments created per status (dimId 1 pending, 2 awaiting_confirmation, 3 paid,
--                  4 cancelled, 5 expired): n, points = amount
--   subscriptions  per item (dimId itemId, 0 = every item): +1 on the day a subscription starts, -1 on
--                  the day it ends, each on the first day boundary at or after the moment; so the
--                  subscriptions active at 00:00 of day D are the sum of every row up to and with D.
CREATE TABLE period_stats (
  metric TEXT NOT NULL CHECK (metric IN ('site', 'vendor', 'payments', 'subscriptions')),
  grain TEXT NOT NULL CHECK (grain IN ('y', 'm', 'd')),
  period TEXT NOT NULL,
  dimId INTEGER NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  done INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  points INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (metric, grain, period, dimId)
) WITHOUT ROWID;

-- The starts and ends of today (the part of "active now" the day rows do not hold yet), by item.
CREATE INDEX subscriptions_starts ON subscriptions(startsAt, itemId);
CREATE INDEX subscriptions_ends ON subscriptions(endsAt, itemId);
DROP INDEX subscriptions_active;

-- Payments.
CREATE TRIGGER payments_stats_insert AFTER INSERT ON payments BEGIN
  INSERT INTO daily_stats (day, paymentsCreated) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET paymentsCreated = paymentsCreated + 1;
  INSERT INTO daily_stats (day, paidCount, paidAmount) SELECT substr(new.paidAt, 1, 10), 1, new.amount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET paidCount = paidCount + 1, paidAmount = paidAmount + excluded.paidAmount;
  INSERT INTO period_stats (metric, grain, period, dimId, n, points)
  SELECT 'payments', g.grain, substr(new.createdAt, 1, g.len),
    (1 * (new.status = 'pending') + 2 * (new.status = 'awaiting_confirmation') + 3 * (new.status = 'paid') + 4 * (new.status = 'cancelled') + 5 * (new.status = 'expired')),
    1, new.amount
  FROM (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + 1, points = points + excluded.points;
END;
CREATE TRIGGER payments_stats_delete AFTER DELETE ON payments BEGIN
  UPDATE daily_stats SET paymentsCreated = paymentsCreated - 1 WHERE day = substr(old.createdAt, 1, 10);
  UPDATE daily_stats SET paidCount = paidCount - 1, paidAmount = paidAmount - old.amount
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  UPDATE period_stats SET n = n - 1, points = points - old.amount
  WHERE metric = 'payments'
    AND dimId = (1 * (old.status = 'pending') + 2 * (old.status = 'awaiting_confirmation') + 3 * (old.status = 'paid') + 4 * (old.status = 'cancelled') + 5 * (old.status = 'expired'))
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
END;
CREATE TRIGGER payments_stats_update AFTER UPDATE OF status, amount, createdAt, paidAt ON payments
WHEN old.status IS NOT new.status OR old.amount IS NOT new.amount OR old.createdAt IS NOT new.createdAt
  OR old.paidAt IS NOT new.paidAt
BEGIN
  UPDATE daily_stats SET paymentsCreated = paymentsCreated - 1 WHERE day = substr(old.createdAt, 1, 10);
  INSERT INTO daily_stats (day, paymentsCreated) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET paymentsCreated = paymentsCreated + 1;
  UPDATE daily_stats SET paidCount = paidCount - 1, paidAmount = paidAmount - old.amount
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  INSERT INTO daily_stats (day, paidCount, paidAmount) SELECT substr(new.paidAt, 1, 10), 1, new.amount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET paidCount = paidCount + 1, paidAmount = paidAmount + excluded.paidAmount;
  UPDATE period_stats SET n = n - 1, points = points - old.amount
  WHERE metric = 'payments'
    AND dimId = (1 * (old.status = 'pending') + 2 * (old.status = 'awaiting_confirmation') + 3 * (old.status = 'paid') + 4 * (old.status = 'cancelled') + 5 * (old.status = 'expired'))
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
  INSERT INTO period_stats (metric, grain, period, dimId, n, points)
  SELECT 'payments', g.grain, substr(new.createdAt, 1, g.len),
    (1 * (new.status = 'pending') + 2 * (new.status = 'awaiting_confirmation') + 3 * (new.status = 'paid') + 4 * (new.status = 'cancelled') + 5 * (new.status = 'expired')),
    1, new.amount
  FROM (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + 1, points = points + excluded.points;
END;

-- Users (every user row, deleted ones too: they were new users on their day).
CREATE TRIGGER users_stats_insert AFTER INSERT ON users BEGIN
  INSERT INTO daily_stats (day, newUsers) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET newUsers = newUsers + 1;
END;
CREATE TRIGGER users_stats_delete AFTER DELETE ON users BEGIN
  UPDATE daily_stats SET newUsers = newUsers - 1 WHERE day = substr(old.createdAt, 1, 10);
END;
CREATE TRIGGER users_stats_update AFTER UPDATE OF createdAt ON users WHEN old.createdAt IS NOT new.createdAt BEGIN
  UPDATE daily_stats SET newUsers = newUsers - 1 WHERE day = substr(old.createdAt, 1, 10);
  INSERT INTO daily_stats (day, newUsers) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET newUsers = newUsers + 1;
END;

-- The quota ledger (its rows never change; adjustments are left out of the figures).
CREATE TRIGGER ledger_stats_insert AFTER INSERT ON quota_ledger WHEN new.reason <> 'adjust' BEGIN
  INSERT INTO daily_stats (day, pointsGrant, pointsSpend, pointsRefund, pointsRedeem)
  VALUES (substr(new.createdAt, 1, 10), (new.reason = 'grant') * new.delta, (new.reason = 'spend') * new.delta,
    (new.reason = 'refund') * new.delta, (new.reason = 'redeem') * new.delta)
  ON CONFLICT (day) DO UPDATE SET pointsGrant = pointsGrant + excluded.pointsGrant,
    pointsSpend = pointsSpend + excluded.pointsSpend, pointsRefund = pointsRefund + excluded.pointsRefund,
    pointsRedeem = pointsRedeem + excluded.pointsRedeem;
END;
CREATE TRIGGER ledger_stats_delete AFTER DELETE ON quota_ledger WHEN old.reason <> 'adjust' BEGIN
  UPDATE daily_stats SET pointsGrant = pointsGrant - (old.reason = 'grant') * old.delta,
    pointsSpend = pointsSpend - (old.reason = 'spend') * old.delta,
    pointsRefund = pointsRefund - (old.reason = 'refund') * old.delta,
    pointsRedeem = pointsRedeem - (old.reason = 'redeem') * old.delta
  WHERE day = substr(old.createdAt, 1, 10);
END;

-- Jobs: per creation day by status, and per site and vendor account at the three grains.
CREATE TRIGGER history_stats_insert AFTER INSERT ON history BEGIN
  INSERT INTO daily_stats (day, jobsCreated, jobsDone, jobsFailed)
  VALUES (substr(new.createdAt, 1, 10), 1, new.status = 1, new.status = 2)
  ON CONFLICT (day) DO UPDATE SET jobsCreated = jobsCreated + 1, jobsDone = jobsDone + excluded.jobsDone,
    jobsFailed = jobsFailed + excluded.jobsFailed;
  INSERT INTO period_stats (metric, grain, period, dimId, n, done, failed, points)
  SELECT m.metric, g.grain, substr(new.createdAt, 1, g.len), m.dimId, 1, new.status = 1, new.status = 2, new.pointsSpent
  FROM (SELECT 'site' AS metric, coalesce(new.siteId, 0) AS dimId UNION ALL SELECT 'vendor', coalesce(new.vendorId, 0)) m,
    (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + 1, done = done + excluded.done,
    failed = failed + excluded.failed, points = points + excluded.points;
END;
CREATE TRIGGER history_stats_delete AFTER DELETE ON history BEGIN
  UPDATE daily_stats SET jobsCreated = jobsCreated - 1, jobsDone = jobsDone - (old.status = 1),
    jobsFailed = jobsFailed - (old.status = 2)
  WHERE day = substr(old.createdAt, 1, 10);
  UPDATE period_stats SET n = n - 1, done = done - (old.status = 1), failed = failed - (old.status = 2),
    points = points - old.pointsSpent
  WHERE ((metric = 'site' AND dimId = coalesce(old.siteId, 0)) OR (metric = 'vendor' AND dimId = coalesce(old.vendorId, 0)))
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
END;
-- Also fires when a deleted site or vendor account sets siteId/vendorId to NULL (ON DELETE SET NULL).
CREATE TRIGGER history_stats_update AFTER UPDATE OF status, siteId, vendorId, createdAt, pointsSpent ON history
WHEN old.status IS NOT new.status OR old.siteId IS NOT new.siteId OR old.vendorId IS NOT new.vendorId
  OR old.createdAt IS NOT new.createdAt OR old.pointsSpent IS NOT new.pointsSpent
BEGIN
  UPDATE daily_stats SET jobsCreated = jobsCreated - 1, jobsDone = jobsDone - (old.status = 1),
    jobsFailed = jobsFailed - (old.status = 2)
  WHERE day = substr(old.createdAt, 1, 10);
  INSERT INTO daily_stats (day, jobsCreated, jobsDone, jobsFailed)
  VALUES (substr(new.createdAt, 1, 10), 1, new.status = 1, new.status = 2)
  ON CONFLICT (day) DO UPDATE SET jobsCreated = jobsCreated + 1, jobsDone = jobsDone + excluded.jobsDone,
    jobsFailed = jobsFailed + excluded.jobsFailed;
  UPDATE period_stats SET n = n - 1, done = done - (old.status = 1), failed = failed - (old.status = 2),
    points = points - old.pointsSpent
  WHERE ((metric = 'site' AND dimId = coalesce(old.siteId, 0)) OR (metric = 'vendor' AND dimId = coalesce(old.vendorId, 0)))
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
  INSERT INTO period_stats (metric, grain, period, dimId, n, done, failed, points)
  SELECT m.metric, g.grain, substr(new.createdAt, 1, g.len), m.dimId, 1, new.status = 1, new.status = 2, new.pointsSpent
  FROM (SELECT 'site' AS metric, coalesce(new.siteId, 0) AS dimId UNION ALL SELECT 'vendor', coalesce(new.vendorId, 0)) m,
    (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + 1, done = done + excluded.done,
    failed = failed + excluded.failed, points = points + excluded.points;
END;

-- Coupons redeemed per day.
CREATE TRIGGER coupons_stats_insert AFTER INSERT ON coupons WHEN new.couponUsedDate IS NOT NULL BEGIN
  INSERT INTO daily_stats (day, couponsRedeemed) VALUES (substr(new.couponUsedDate, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET couponsRedeemed = couponsRedeemed + 1;
END;
CREATE TRIGGER coupons_stats_delete AFTER DELETE ON coupons WHEN old.couponUsedDate IS NOT NULL BEGIN
  UPDATE daily_stats SET couponsRedeemed = couponsRedeemed - 1 WHERE day = substr(old.couponUsedDate, 1, 10);
END;
CREATE TRIGGER coupons_stats_update AFTER UPDATE OF couponUsedDate ON coupons
WHEN old.couponUsedDate IS NOT new.couponUsedDate
BEGIN
  UPDATE daily_stats SET couponsRedeemed = couponsRedeemed - 1
  WHERE old.couponUsedDate IS NOT NULL AND day = substr(old.couponUsedDate, 1, 10);
  INSERT INTO daily_stats (day, couponsRedeemed) SELECT substr(new.couponUsedDate, 1, 10), 1
  WHERE new.couponUsedDate IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET couponsRedeemed = couponsRedeemed + 1;
END;

-- Subscriptions: a start (+1) and an end (-1) per row, for its item and for every item (dimId 0), on the
-- first day boundary at or after the moment.
CREATE TRIGGER subscriptions_stats_insert AFTER INSERT ON subscriptions BEGIN
  INSERT INTO period_stats (metric, grain, period, dimId, n)
  SELECT 'subscriptions', g.grain, substr(e.day, 1, g.len), iif(a.everyItem = 1, 0, e.itemId), e.delta
  FROM (
          SELECT iif(strftime('%H:%M:%f', new.startsAt) = '00:00:00.000', date(new.startsAt), date(new.startsAt, '+1 day')) AS day, 1 AS delta, new.itemId AS itemId
          UNION ALL SELECT iif(strftime('%H:%M:%f', new.endsAt) = '00:00:00.000', date(new.endsAt), date(new.endsAt, '+1 day')), -1, new.itemId
    ) e,
    (SELECT 0 AS everyItem UNION ALL SELECT 1) a,
    (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + excluded.n;
END;
CREATE TRIGGER subscriptions_stats_delete AFTER DELETE ON subscriptions BEGIN
  INSERT INTO period_stats (metric, grain, period, dimId, n)
  SELECT 'subscriptions', g.grain, substr(e.day, 1, g.len), iif(a.everyItem = 1, 0, e.itemId), e.delta
  FROM (
          SELECT iif(strftime('%H:%M:%f', old.startsAt) = '00:00:00.000', date(old.startsAt), date(old.startsAt, '+1 day')) AS day, -1 AS delta, old.itemId AS itemId
          UNION ALL SELECT iif(strftime('%H:%M:%f', old.endsAt) = '00:00:00.000', date(old.endsAt), date(old.endsAt, '+1 day')), 1, old.itemId
    ) e,
    (SELECT 0 AS everyItem UNION ALL SELECT 1) a,
    (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + excluded.n;
END;
CREATE TRIGGER subscriptions_stats_update AFTER UPDATE OF startsAt, endsAt, itemId ON subscriptions
WHEN old.startsAt IS NOT new.startsAt OR old.endsAt IS NOT new.endsAt OR old.itemId IS NOT new.itemId
BEGIN
  INSERT INTO period_stats (metric, grain, period, dimId, n)
  SELECT 'subscriptions', g.grain, substr(e.day, 1, g.len), iif(a.everyItem = 1, 0, e.itemId), e.delta
  FROM (
          SELECT iif(strftime('%H:%M:%f', old.startsAt) = '00:00:00.000', date(old.startsAt), date(old.startsAt, '+1 day')) AS day, -1 AS delta, old.itemId AS itemId
          UNION ALL SELECT iif(strftime('%H:%M:%f', old.endsAt) = '00:00:00.000', date(old.endsAt), date(old.endsAt, '+1 day')), 1, old.itemId
          UNION ALL SELECT iif(strftime('%H:%M:%f', new.startsAt) = '00:00:00.000', date(new.startsAt), date(new.startsAt, '+1 day')), 1, new.itemId
          UNION ALL SELECT iif(strftime('%H:%M:%f', new.endsAt) = '00:00:00.000', date(new.endsAt), date(new.endsAt, '+1 day')), -1, new.itemId
    ) e,
    (SELECT 0 AS everyItem UNION ALL SELECT 1) a,
    (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + excluded.n;
END;

-- The roll-ups of the rows already there.
INSERT INTO daily_stats (day, paidCount, paidAmount)
SELECT substr(paidAt, 1, 10), count(*), sum(amount) FROM payments WHERE paidAt IS NOT NULL GROUP BY 1;
INSERT INTO daily_stats (day, paymentsCreated)
SELECT substr(createdAt, 1, 10), count(*) FROM payments WHERE true GROUP BY 1
ON CONFLICT (day) DO UPDATE SET paymentsCreated = excluded.paymentsCreated;
INSERT INTO daily_stats (day, newUsers)
SELECT substr(createdAt, 1, 10), count(*) FROM users WHERE true GROUP BY 1
ON CONFLICT (day) DO UPDATE SET newUsers = excluded.newUsers;
INSERT INTO daily_stats (day, pointsGrant, pointsSpend, pointsRefund, pointsRedeem)
SELECT substr(createdAt, 1, 10), sum((reason = 'grant') * delta), sum((reason = 'spend') * delta),
  sum((reason = 'refund') * delta), sum((reason = 'redeem') * delta)
FROM quota_ledger WHERE reason <> 'adjust' GROUP BY 1
ON CONFLICT (day) DO UPDATE SET pointsGrant = excluded.pointsGrant, pointsSpend = excluded.pointsSpend,
  pointsRefund = excluded.pointsRefund, pointsRedeem = excluded.pointsRedeem;
INSERT INTO daily_stats (day, jobsCreated, jobsDone, jobsFailed)
SELECT substr(createdAt, 1, 10), count(*), sum(status = 1), sum(status = 2) FROM history WHERE true GROUP BY 1
ON CONFLICT (day) DO UPDATE SET jobsCreated = excluded.jobsCreated, jobsDone = excluded.jobsDone,
  jobsFailed = excluded.jobsFailed;
INSERT INTO daily_stats (day, couponsRedeemed)
SELECT substr(couponUsedDate, 1, 10), count(*) FROM coupons WHERE couponUsedDate IS NOT NULL GROUP BY 1
ON CONFLICT (day) DO UPDATE SET couponsRedeemed = excluded.couponsRedeemed;

INSERT INTO period_stats (metric, grain, period, dimId, n, done, failed, points)
SELECT m.metric, g.grain, substr(h.createdAt, 1, g.len), iif(m.metric = 'site', coalesce(h.siteId, 0), coalesce(h.vendorId, 0)) AS dim,
  count(*), sum(h.status = 1), sum(h.status = 2), sum(h.pointsSpent)
FROM history h, (SELECT 'site' AS metric UNION ALL SELECT 'vendor') m,
  (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
GROUP BY 1, 2, 3, 4;
INSERT INTO period_stats (metric, grain, period, dimId, n, points)
SELECT 'payments', g.grain, substr(p.createdAt, 1, g.len),
  (1 * (p.status = 'pending') + 2 * (p.status = 'awaiting_confirmation') + 3 * (p.status = 'paid') + 4 * (p.status = 'cancelled') + 5 * (p.status = 'expired')),
  count(*), sum(p.amount)
FROM payments p, (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
GROUP BY 2, 3, 4;
INSERT INTO period_stats (metric, grain, period, dimId, n)
SELECT 'subscriptions', g.grain, substr(e.day, 1, g.len) AS period, iif(a.everyItem = 1, 0, e.itemId) AS dim,
  sum(e.delta)
FROM (SELECT itemId, iif(strftime('%H:%M:%f', startsAt) = '00:00:00.000', date(startsAt), date(startsAt, '+1 day')) AS day, 1 AS delta FROM subscriptions
      UNION ALL SELECT itemId, iif(strftime('%H:%M:%f', endsAt) = '00:00:00.000', date(endsAt), date(endsAt, '+1 day')), -1 FROM subscriptions) e,
  (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g,
  (SELECT 0 AS everyItem UNION ALL SELECT 1) a
GROUP BY 2, 3, 4;

-- The covering indexes of the dashboard over raw rows (migration 0050) served only the figures above; every
-- write paid for them.
DROP INDEX payments_paid_amount;
DROP INDEX payments_created_status;
DROP INDEX users_created;
DROP INDEX quota_ledger_reason_delta;
DROP INDEX history_created_stats;
DROP INDEX coupons_used_date;
