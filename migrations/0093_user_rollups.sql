-- The caller's own dashboard figures, rolled up per user like period_stats (migration 0091): points
-- added and used (every ledger row, adjustments included) and jobs created with their current status,
-- by year, month and day. A heavy user's dashboard then reads a few dozen rows, not every ledger row
-- and job of the period (worker/src/domain/stats/queries.ts).
CREATE TABLE user_stats (
  userId INTEGER NOT NULL,
  grain TEXT NOT NULL CHECK (grain IN ('y', 'm', 'd')),
  period TEXT NOT NULL,
  added INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0,
  jobs INTEGER NOT NULL DEFAULT 0,
  done INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (userId, grain, period)
) WITHOUT ROWID;

CREATE TRIGGER ledger_user_stats_insert AFTER INSERT ON quota_ledger BEGIN
  INSERT INTO user_stats (userId, grain, period, added, used)
  SELECT new.userId, g.grain, substr(new.createdAt, 1, g.len), max(new.delta, 0), max(-new.delta, 0)
  FROM (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (userId, grain, period) DO UPDATE SET added = added + excluded.added, used = used + excluded.used;
END;
CREATE TRIGGER ledger_user_stats_delete AFTER DELETE ON quota_ledger BEGIN
  UPDATE user_stats SET added = added - max(old.delta, 0), used = used - max(-old.delta, 0)
  WHERE userId = old.userId
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
END;

CREATE TRIGGER history_user_stats_insert AFTER INSERT ON history BEGIN
  INSERT INTO user_stats (userId, grain, period, jobs, done, failed)
  SELECT new.userId, g.grain, substr(new.createdAt, 1, g.len), 1, new.status = 1, new.status = 2
  FROM (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (userId, grain, period) DO UPDATE SET jobs = jobs + 1, done = done + excluded.done,
    failed = failed + excluded.failed;
END;
CREATE TRIGGER history_user_stats_delete AFTER DELETE ON history BEGIN
  UPDATE user_stats SET jobs = jobs - 1, done = done - (old.status = 1), failed = failed - (old.status = 2)
  WHERE userId = old.userId
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
END;
CREATE TRIGGER history_user_stats_update AFTER UPDATE OF status, userId, createdAt ON history
WHEN old.status IS NOT new.status OR old.userId IS NOT new.userId OR old.createdAt IS NOT new.createdAt
BEGIN
  UPDATE user_stats SET jobs = jobs - 1, done = done - (old.status = 1), failed = failed - (old.status = 2)
  WHERE userId = old.userId
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
  INSERT INTO user_stats (userId, grain, period, jobs, done, failed)
  SELECT new.userId, g.grain, substr(new.createdAt, 1, g.len), 1, new.status = 1, new.status = 2
  FROM (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (userId, grain, period) DO UPDATE SET jobs = jobs + 1, done = done + excluded.done,
    failed = failed + excluded.failed;
END;

-- The roll-ups of the rows already there.
INSERT INTO user_stats (userId, grain, period, added, used)
SELECT l.userId, g.grain, substr(l.createdAt, 1, g.len), sum(max(l.delta, 0)), sum(max(-l.delta, 0))
FROM quota_ledger l, (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
GROUP BY 1, 2, 3;
INSERT INTO user_stats (userId, grain, period, jobs, done, failed)
SELECT h.userId, g.grain, substr(h.createdAt, 1, g.len), count(*), sum(h.status = 1), sum(h.status = 2)
FROM history h, (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
WHERE true
GROUP BY 1, 2, 3
ON CONFLICT (userId, grain, period) DO UPDATE SET jobs = excluded.jobs, done = excluded.done, failed = excluded.failed;
