-- Jobs (history), the audit log and the mail outbox.

CREATE TABLE history (
  historyId INTEGER PRIMARY KEY,
  uniqueId TEXT NOT NULL UNIQUE CHECK (length(uniqueId) >= 22),
  userId INTEGER NOT NULL REFERENCES users(userId),
  siteId INTEGER REFERENCES sites(siteId) ON DELETE SET NULL,
  vendorId INTEGER REFERENCES vendor_accounts(vendorId) ON DELETE SET NULL,
  -- Names kept as they were when the job ran, so history survives catalogue changes.
  siteName TEXT NOT NULL,
  vendorName TEXT NOT NULL DEFAULT '',
  fileName TEXT NOT NULL,
  fileKey TEXT NOT NULL,
  reportName TEXT,
  reportKey TEXT,
  pointsSpent INTEGER NOT NULL CHECK (pointsSpent >= 0),
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  similarity INTEGER CHECK (similarity BETWEEN 0 AND 100),
  claimedAt TEXT,
  claimedBy TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- A done job always carries its result.
  CHECK (status <> 1 OR similarity IS NOT NULL)
);
CREATE INDEX history_newest ON history(createdAt);
CREATE INDEX history_user ON history(userId, createdAt);
CREATE INDEX history_vendor ON history(vendorId, createdAt);
CREATE INDEX history_site ON history(siteId, createdAt);
CREATE INDEX history_status ON history(status, createdAt);
CREATE INDEX history_claimed ON history(status, claimedAt);
CREATE VIRTUAL TABLE history_fts USING fts5(
  fileName, siteName, vendorName, content='history', content_rowid='historyId', tokenize='trigram'
);
CREATE TRIGGER history_fts_insert AFTER INSERT ON history BEGIN
  INSERT INTO history_fts(rowid, fileName, siteName, vendorName)
  VALUES (new.historyId, new.fileName, new.siteName, new.vendorName);
END;
CREATE TRIGGER history_fts_delete AFTER DELETE ON history BEGIN
  INSERT INTO history_fts(history_fts, rowid, fileName, siteName, vendorName)
  VALUES ('delete', old.historyId, old.fileName, old.siteName, old.vendorName);
END;
CREATE TRIGGER history_fts_update AFTER UPDATE OF fileName, siteName, vendorName ON history BEGIN
  INSERT INTO history_fts(history_fts, rowid, fileName, siteName, vendorName)
  VALUES ('delete', old.historyId, old.fileName, old.siteName, old.vendorName);
  INSERT INTO history_fts(rowid, fileName, siteName, vendorName)
  VALUES (new.historyId, new.fileName, new.siteName, new.vendorName);
END;

CREATE TABLE audit_log (
  auditId INTEGER PRIMARY KEY,
  actorId INTEGER,
  actorEmail TEXT NOT NULL DEFAULT '',
  action TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  subjectId TEXT NOT NULL DEFAULT '',
  outcome TEXT NOT NULL DEFAULT 'ok' CHECK (outcome IN ('ok', 'denied', 'failed')),
  -- JSON; never holds secrets or passwords.
  detail TEXT NOT NULL DEFAULT '{}',
  ip TEXT NOT NULL DEFAULT '',
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX audit_newest ON audit_log(createdAt);
CREATE INDEX audit_actor ON audit_log(actorId, createdAt);
CREATE INDEX audit_action ON audit_log(action, createdAt);

CREATE TABLE outbox (
  mailId INTEGER PRIMARY KEY,
  toEmail TEXT NOT NULL,
  mailKind TEXT NOT NULL,
  mailSubject TEXT NOT NULL,
  mailBody TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  lastError TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sentAt TEXT
);
CREATE INDEX outbox_newest ON outbox(createdAt);
CREATE INDEX outbox_queue ON outbox(status, createdAt);
