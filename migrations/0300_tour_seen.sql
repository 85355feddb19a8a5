-- Issue 43: the first sign-in tour runs once per user and role (decision 0021). A row says this user has
-- finished or skipped the tour of this role, so it does not come back on another device; a new role
-- (a client made staff) gets that role's tour once.
CREATE TABLE tour_seen (
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  role TEXT NOT NULL,
  seenAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (userId, role)
) WITHOUT ROWID;
