-- Mail templates an admin edits (issue 41 item 6; docs/decisions/0026-mail-templates.md).
--
-- mail_templates holds one row per kind and language an admin has rewritten; a kind and language without a
-- row speak the code's default (worker/src/domain/outbox/mails), so a reset is a delete. mailKind is the
-- text function's name in the registry (MailTexts: verify, receipt, …), not the outbox's mailKind.
--
-- outbox_kind_newest lets the preview find the newest mails of one kind without walking the whole outbox.

CREATE TABLE mail_templates (
  mailKind TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('en', 'fr', 'ar')),
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedBy INTEGER REFERENCES users(userId) ON DELETE SET NULL,
  PRIMARY KEY (mailKind, language)
) WITHOUT ROWID;

CREATE INDEX outbox_kind_newest ON outbox (mailKind, mailId);
