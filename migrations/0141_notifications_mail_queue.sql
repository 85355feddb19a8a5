-- Issue 24: reminders, alerts and notifications; preferences; mail through a Cloudflare Queue.

-- A notification in the app (the bell). `occasion` names what it is about ('subscription-ending-7d:12',
-- 'low-balance:5031', 'job:<uniqueId>'...): one row per user and occasion, so a cron run that repeats,
-- or two that overlap, notify (and mail) once. Texts are not stored: `params` holds what they name, and
-- each answer writes them in the reader's language.
CREATE TABLE notifications (
  notificationId INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId),
  kind TEXT NOT NULL,
  occasion TEXT NOT NULL,
  params TEXT NOT NULL DEFAULT '{}',
  -- A path of the app: the page that acts on it.
  link TEXT NOT NULL,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  readAt TEXT
);
CREATE UNIQUE INDEX notifications_occasion ON notifications(userId, occasion);
-- A user's list, newest first (an index on userId is ordered by rowid within it).
CREATE INDEX notifications_user ON notifications(userId);
-- The bell's unread count on every page: only unread rows are in it.
CREATE INDEX notifications_unread ON notifications(userId) WHERE readAt IS NULL;

-- Preferences: the low-balance threshold (NULL: the price of the site the user uses most; 0: off) and,
-- per kind of mail that is not transactional, whether it is mailed (the notification always shows).
ALTER TABLE users ADD COLUMN lowBalanceThreshold INTEGER CHECK (lowBalanceThreshold IS NULL OR lowBalanceThreshold >= 0);
ALTER TABLE users ADD COLUMN mailSubscriptionEnding INTEGER NOT NULL DEFAULT 1 CHECK (mailSubscriptionEnding IN (0, 1));
ALTER TABLE users ADD COLUMN mailPaymentReminder INTEGER NOT NULL DEFAULT 1 CHECK (mailPaymentReminder IN (0, 1));
ALTER TABLE users ADD COLUMN mailLowBalance INTEGER NOT NULL DEFAULT 1 CHECK (mailLowBalance IN (0, 1));
ALTER TABLE users ADD COLUMN mailJobDone INTEGER NOT NULL DEFAULT 1 CHECK (mailJobDone IN (0, 1));

-- The outbox stays the record of every mail. enqueuedAt: when a Queue message was last sent for it (the
-- cron sends one again for a queued mail whose message was lost). unsubscribeUrl: the RFC 8058 one-click
-- URL of a mail that is not transactional (its List-Unsubscribe header). Attachments are migration 0160's
-- `attachment`, a document made when the mail is sent.
ALTER TABLE outbox ADD COLUMN enqueuedAt TEXT;
ALTER TABLE outbox ADD COLUMN unsubscribeUrl TEXT;
