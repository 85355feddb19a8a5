-- View as client (issue 39 item 4, decision 0033): a staff member's read-only session as a client.
-- A row per view-as, kept after it ends so the client's security tab lists it; times are Unix seconds.
CREATE TABLE view_as_sessions (
  id INTEGER PRIMARY KEY,
  staffId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  startedAt INTEGER NOT NULL,
  endedAt INTEGER,
  -- "ended" (End), "expired" (30 minutes), "logout"; NULL while it runs.
  endReason TEXT CHECK (endReason IN ('ended', 'expired', 'logout'))
);
-- The client's list, newest first.
CREATE INDEX view_as_sessions_user ON view_as_sessions(userId, id);

-- The client-side session a view-as runs on; NULL for every ordinary session.
ALTER TABLE sessions ADD COLUMN viewAsId INTEGER REFERENCES view_as_sessions(id) ON DELETE CASCADE;
