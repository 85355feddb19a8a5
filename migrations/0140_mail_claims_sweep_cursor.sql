-- Issue 30: nothing lost, nothing sent twice.
--
-- A mail is claimed before it is sent: the delivery that sets claimedAt on a queued row (only if that
-- statement changed it) is the only one that sends it; while claimedAt is set the row reads "sending".
-- A claim older than the delivery's stale limit was lost with its process and may be taken again; the
-- mail API then gets the same Idempotency-Key (mail-<id>), so a mail it accepted is not sent twice.
-- A column rather than a new status value: the status CHECK would need the table rebuilt.
ALTER TABLE outbox ADD COLUMN claimedAt TEXT;

-- Where the daily sweep of orphaned R2 objects goes on from: the last key it looked at, per prefix.
CREATE TABLE sweep_cursors (
  prefix TEXT PRIMARY KEY,
  afterKey TEXT NOT NULL
);
