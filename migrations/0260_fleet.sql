-- The vendor fleet (issue 42 item 2, decision 0017): what fleet-status and the fleet alerts read, and
-- the roll-up behind the logistics dashboards' time to finish.

-- Jobs finished (done or failed) by the time they finished: a job's updatedAt is set when it finishes
-- and not moved after. The 24-hour (fleet-status) and one-hour (alerts) windows read a range of this
-- index alone, whatever the size of history: a queued job is not in it, so queueing and claiming
-- write no entry.
CREATE INDEX history_finished ON history(updatedAt, vendorId, status, createdAt) WHERE status <> 0;

-- Jobs created per day that have finished, and the seconds they took from submission to finish in all
-- (the dashboards' mean time to finish). Keyed by creation day like daily_stats, so a job's row never
-- moves; kept by triggers as the other roll-ups (migration 0190).
CREATE TABLE daily_job_finish (
  day TEXT NOT NULL PRIMARY KEY,
  finished INTEGER NOT NULL DEFAULT 0,
  seconds INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TRIGGER history_finish_stats AFTER UPDATE OF status ON history WHEN old.status = 0 AND new.status <> 0 BEGIN
  INSERT INTO daily_job_finish (day, finished, seconds)
  VALUES (substr(new.createdAt, 1, 10), 1, max(0, CAST(round((julianday(new.updatedAt) - julianday(new.createdAt)) * 86400) AS INTEGER)))
  ON CONFLICT (day) DO UPDATE SET finished = finished + 1, seconds = seconds + excluded.seconds;
END;
-- A job written already finished (a seed, an import): submit-job always writes a queued one.
CREATE TRIGGER history_finish_stats_insert AFTER INSERT ON history WHEN new.status <> 0 BEGIN
  INSERT INTO daily_job_finish (day, finished, seconds)
  VALUES (substr(new.createdAt, 1, 10), 1, max(0, CAST(round((julianday(new.updatedAt) - julianday(new.createdAt)) * 86400) AS INTEGER)))
  ON CONFLICT (day) DO UPDATE SET finished = finished + 1, seconds = seconds + excluded.seconds;
END;
CREATE TRIGGER history_finish_stats_delete AFTER DELETE ON history WHEN old.status <> 0 BEGIN
  UPDATE daily_job_finish SET finished = finished - 1,
    seconds = seconds - max(0, CAST(round((julianday(old.updatedAt) - julianday(old.createdAt)) * 86400) AS INTEGER))
  WHERE day = substr(old.createdAt, 1, 10);
END;

INSERT INTO daily_job_finish (day, finished, seconds)
SELECT substr(createdAt, 1, 10), count(*),
  sum(max(0, CAST(round((julianday(updatedAt) - julianday(createdAt)) * 86400) AS INTEGER)))
FROM history WHERE status <> 0 GROUP BY 1;

-- The last time each fleet alert went out ('failing:<vendorId>', 'no-vendor:<siteId>'): an alert is
-- sent again only an hour after the previous one.
CREATE TABLE fleet_alerts (
  alertKey TEXT NOT NULL PRIMARY KEY,
  alertedAt TEXT NOT NULL
) WITHOUT ROWID;
