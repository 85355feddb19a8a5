-- Support mail both ways (issue 39 item 2, docs/decisions/0030-support-mail.md).

-- A reply's mail names the ticket's signed address as its Reply-To (delivery.ts sends it as a header).
ALTER TABLE outbox ADD COLUMN replyTo TEXT;

-- Each mail that became a reply, by its Message-ID header: a second delivery of the same mail adds nothing.
CREATE TABLE ticket_mail_in (
  mailMessageId TEXT PRIMARY KEY CHECK (length(mailMessageId) BETWEEN 1 AND 998),
  ticketId INTEGER NOT NULL REFERENCES tickets(ticketId) ON DELETE CASCADE,
  receivedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

-- Staff's canned replies: a named text per language, inserted into the reply editor (sanitised HTML).
CREATE TABLE canned_replies (
  cannedReplyId INTEGER PRIMARY KEY,
  language TEXT NOT NULL CHECK (language IN ('en', 'fr', 'ar')),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  body TEXT NOT NULL,
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (language, name)
);
