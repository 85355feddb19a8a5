-- Points that expire (issue 40 item 4, docs/decisions/0028-points-expiry.md).

-- How many days a bundle's points stay valid once bought; NULL: they never expire.
ALTER TABLE bundles ADD COLUMN bundleValidDays INTEGER CHECK (bundleValidDays IS NULL OR bundleValidDays BETWEEN 1 AND 3650);

-- One row per purchase line of points that expire: what is left of it and when it goes. Points that never
-- expire have no row, so spending takes from these rows first (oldest expiry first) and the rest of the
-- balance is the never-expiring part. `remaining` is what spends, refunds and expiry take from; balance is
-- still users.userQuota = sum of the ledger (the expiry writes its ledger row).
CREATE TABLE quota_grants (
  grantId INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  -- The payment whose line granted it (its ledger ref is 'grant:<referenceId>:<line>').
  referenceId TEXT NOT NULL,
  points INTEGER NOT NULL CHECK (points > 0),
  remaining INTEGER NOT NULL CHECK (remaining >= 0),
  expiresAt TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  -- When the reminder 7 days before was queued, and when the cron expired what was left.
  remindedAt TEXT,
  expiredAt TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- A spend walks the user's live grants by expiry; the cron walks every live grant by expiry. Both hold only
-- grants with points left, so a spent or expired grant costs no reads.
CREATE INDEX quota_grants_live ON quota_grants (userId, expiresAt) WHERE remaining > 0;
CREATE INDEX quota_grants_due ON quota_grants (expiresAt) WHERE remaining > 0;
