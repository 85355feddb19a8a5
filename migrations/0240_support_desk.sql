-- The support desk (issue 39, docs/decisions/0015-support-desk.md): a ticket is a thread between one client
-- and staff (a chat's conversation is the same row); a message is a reply, an `internal` one a staff note the
-- client never sees. `seq` orders a thread's messages: each reply takes max(seq) + 1 inside its own batch, and
-- the unique (ticketId, seq) keeps concurrent replies distinct and ordered.
CREATE TABLE tickets (
  ticketId INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  label TEXT NOT NULL DEFAULT 'other' CHECK (label IN ('payment', 'job', 'account', 'other')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'pending', 'closed')),
  -- A draft is the client's unsent compose, autosaved: only its author sees it.
  draft INTEGER NOT NULL DEFAULT 0 CHECK (draft IN (0, 1)),
  aboutKind TEXT CHECK (aboutKind IN ('payment', 'job', 'invoice')),
  aboutId TEXT CHECK ((aboutKind IS NULL) = (aboutId IS NULL)),
  assigneeId INTEGER REFERENCES users(userId) ON DELETE SET NULL,
  -- The last message's seq, and the last one the client may see: what "unread" compares with.
  lastSeq INTEGER NOT NULL DEFAULT 0,
  publicSeq INTEGER NOT NULL DEFAULT 0,
  -- The last public message as plain text, for the list.
  preview TEXT NOT NULL DEFAULT '',
  lastMessageAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When staff first answered the client (a public reply): the CRM dashboard's first-response time.
  firstResponseAt TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX tickets_owner ON tickets(userId, draft, lastMessageAt);
CREATE INDEX tickets_recent ON tickets(draft, lastMessageAt);
-- The CRM dashboard's figures: the tickets still open, and those opened in the last 30 days.
CREATE INDEX tickets_unclosed ON tickets(draft) WHERE status <> 'closed';
CREATE INDEX tickets_opened ON tickets(createdAt) WHERE firstResponseAt IS NOT NULL;

CREATE TABLE ticket_messages (
  messageId INTEGER PRIMARY KEY,
  ticketId INTEGER NOT NULL REFERENCES tickets(ticketId) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  -- No foreign key to users: a ticket's rows hang from the ticket alone (its deletion cascades to them).
  authorId INTEGER,
  staff INTEGER NOT NULL CHECK (staff IN (0, 1)),
  internal INTEGER NOT NULL DEFAULT 0 CHECK (internal IN (0, 1)),
  -- Sanitised HTML (domain/support/html.ts): stored only after the allow-list.
  body TEXT NOT NULL,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (ticketId, seq)
);

-- Each reader's own view of a ticket: its folder, its star and how far they read. A missing row is the
-- inbox, unstarred, nothing read.
CREATE TABLE ticket_states (
  userId INTEGER NOT NULL,
  ticketId INTEGER NOT NULL REFERENCES tickets(ticketId) ON DELETE CASCADE,
  folder TEXT NOT NULL DEFAULT 'inbox' CHECK (folder IN ('inbox', 'spam', 'trash')),
  starred INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
  readSeq INTEGER NOT NULL DEFAULT 0,
  -- They wrote in it (the "sent" folder): kept here, in the row a message writes anyway, rather than an index.
  wrote INTEGER NOT NULL DEFAULT 0 CHECK (wrote IN (0, 1)),
  PRIMARY KEY (userId, ticketId)
) WITHOUT ROWID;

-- Clients open, read and answer their own tickets.
INSERT INTO role_rules (roleId, action, subject, inverted, conditions)
SELECT roleId, 'create', 'Ticket', 0, NULL FROM roles WHERE roleName = 'client';
INSERT INTO role_rules (roleId, action, subject, inverted, conditions)
SELECT roleId, 'read', 'Ticket', 0, '{"userId":"${user.userId}"}' FROM roles WHERE roleName = 'client';
INSERT INTO role_rules (roleId, action, subject, inverted, conditions)
SELECT roleId, 'update', 'Ticket', 0, '{"userId":"${user.userId}"}' FROM roles WHERE roleName = 'client';

-- The support desk's staff: every ticket, and reading the users, payments and jobs they are about.
INSERT INTO roles (roleName, roleDesc, builtIn) VALUES ('support', 'Answers support tickets', 1)
  ON CONFLICT (roleName) DO NOTHING;
INSERT INTO role_rules (roleId, action, subject, inverted, conditions)
SELECT roleId, rule.action, rule.subject, 0, NULL
  FROM roles, (SELECT 'manage' AS action, 'Ticket' AS subject UNION ALL SELECT 'read', 'User'
               UNION ALL SELECT 'read', 'Payment' UNION ALL SELECT 'read', 'History') AS rule
 WHERE roleName = 'support' AND builtIn = 1;
