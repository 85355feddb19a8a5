-- Retention to R2 (issue 42 item 4, docs/decisions/0025-archive.md): finished rows older than the retention
-- leave history, outbox, audit_log and notifications for gzip-compressed JSON Lines objects in R2, one
-- object per chunk of a table's month.

-- Each chunk written or being written. A pending chunk names the rows it takes (rowIds, a JSON array), so a
-- run killed between the R2 put and the D1 batch puts the same object again; the batch that deletes the rows
-- marks it done.
CREATE TABLE archive_chunks (
  chunkId INTEGER PRIMARY KEY,
  chunkKey TEXT NOT NULL UNIQUE,
  tableName TEXT NOT NULL CHECK (tableName IN ('history', 'outbox', 'audit_log', 'notifications')),
  month TEXT NOT NULL CHECK (length(month) = 7),
  rowIds TEXT NOT NULL DEFAULT '[]',
  rowCount INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX archive_chunks_month ON archive_chunks(tableName, month);
CREATE UNIQUE INDEX archive_chunks_pending ON archive_chunks(tableName) WHERE state = 'pending';

-- An archived job, found by its owner (download, export, closure): about 40 bytes a job instead of the
-- history row, its five indexes and its full-text entry.
CREATE TABLE archive_jobs (
  userId INTEGER NOT NULL,
  uniqueId TEXT NOT NULL,
  chunkId INTEGER NOT NULL,
  PRIMARY KEY (userId, uniqueId)
) WITHOUT ROWID;

-- Which chunks of the other tables hold a person's rows: 'u:<userId>' (notifications, audit rows by or
-- about the user) or 'e:<address, lower case>' (mail sent to the address). One row per person and chunk.
CREATE TABLE archive_people (
  personKey TEXT NOT NULL,
  chunkId INTEGER NOT NULL,
  PRIMARY KEY (personKey, chunkId)
) WITHOUT ROWID;

-- Closed accounts whose archived rows are still to be erased (the closure tries at once, the cron again).
CREATE TABLE archive_erasures (
  userId INTEGER PRIMARY KEY,
  userEmail TEXT NOT NULL,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Holds one row only inside the archive's D1 batch: a job leaving D1 for R2 keeps its place in the
-- dashboard's roll-ups (the list's counter still counts it out).
CREATE TABLE archive_moving (moving INTEGER PRIMARY KEY CHECK (moving = 1));

DROP TRIGGER history_stats_delete;
CREATE TRIGGER history_stats_delete AFTER DELETE ON history WHEN NOT EXISTS (SELECT 1 FROM archive_moving) BEGIN
  UPDATE daily_stats SET jobsCreated = jobsCreated - 1, jobsDone = jobsDone - (old.status = 1),
    jobsFailed = jobsFailed - (old.status = 2)
  WHERE day = substr(old.createdAt, 1, 10);
  UPDATE daily_site_stats SET jobs = jobs - 1, done = done - (old.status = 1), failed = failed - (old.status = 2),
    points = points - old.pointsSpent
  WHERE day = substr(old.createdAt, 1, 10) AND siteId = coalesce(old.siteId, 0);
  UPDATE daily_vendor_stats SET jobs = jobs - 1 WHERE day = substr(old.createdAt, 1, 10) AND vendorId = coalesce(old.vendorId, 0);
  UPDATE daily_user_stats SET jobs = jobs - 1, done = done - (old.status = 1), failed = failed - (old.status = 2)
  WHERE userId = old.userId AND day = substr(old.createdAt, 1, 10);
END;

DROP TRIGGER history_finish_stats_delete;
CREATE TRIGGER history_finish_stats_delete AFTER DELETE ON history
WHEN old.status <> 0 AND NOT EXISTS (SELECT 1 FROM archive_moving) BEGIN
  UPDATE daily_job_finish SET finished = finished - 1,
    seconds = seconds - max(0, CAST(round((julianday(old.updatedAt) - julianday(old.createdAt)) * 86400) AS INTEGER))
  WHERE day = substr(old.createdAt, 1, 10);
END;
