-- Text search over the audit log through a trigram FTS5 index, like users, items, coupons and history:
-- a LIKE '%word%' over action, actor and subject read the whole log, which only grows.
CREATE VIRTUAL TABLE audit_log_fts USING fts5(
  action, actorEmail, subject, content='audit_log', content_rowid='auditId', tokenize='trigram'
);
CREATE TRIGGER audit_log_fts_insert AFTER INSERT ON audit_log BEGIN
  INSERT INTO audit_log_fts(rowid, action, actorEmail, subject) VALUES (new.auditId, new.action, new.actorEmail, new.subject);
END;
CREATE TRIGGER audit_log_fts_delete AFTER DELETE ON audit_log BEGIN
  INSERT INTO audit_log_fts(audit_log_fts, rowid, action, actorEmail, subject)
  VALUES ('delete', old.auditId, old.action, old.actorEmail, old.subject);
END;
CREATE TRIGGER audit_log_fts_update AFTER UPDATE OF action, actorEmail, subject ON audit_log BEGIN
  INSERT INTO audit_log_fts(audit_log_fts, rowid, action, actorEmail, subject)
  VALUES ('delete', old.auditId, old.action, old.actorEmail, old.subject);
  INSERT INTO audit_log_fts(rowid, action, actorEmail, subject) VALUES (new.auditId, new.action, new.actorEmail, new.subject);
END;
-- Rows written before this migration.
INSERT INTO audit_log_fts(audit_log_fts) VALUES ('rebuild');
