-- Outbound webhooks (issue 42 item 3, decision 0024): the endpoints an admin subscribes, and one delivery
-- row per event and endpoint (the delivery log, and what the webhook queue's messages name).

-- secretSealed is the signing secret under VENDOR_SECRET_KEYS (auth/secretbox.ts): the Worker must read it
-- to sign, so it is encrypted, not hashed. failingSince is the first failure since the last success; a
-- day of it disables the endpoint (disabledAt) and mails the admins.
CREATE TABLE webhooks (
  webhookId INTEGER PRIMARY KEY,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  secretSealed TEXT NOT NULL,
  failingSince TEXT,
  disabledAt TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- eventId is the event's id as receivers see it (the same for every endpoint it goes to); a resend
-- keeps it, so a receiver deduplicates. status: queued, delivered, failed (given up).
CREATE TABLE webhook_deliveries (
  deliveryId INTEGER PRIMARY KEY,
  webhookId INTEGER NOT NULL REFERENCES webhooks(webhookId) ON DELETE CASCADE,
  eventId TEXT NOT NULL,
  eventType TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued',
  attempts INTEGER NOT NULL DEFAULT 0,
  responseStatus INTEGER,
  lastError TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  deliveredAt TEXT,
  UNIQUE (webhookId, eventId)
);
-- The log, newest first, for one endpoint or all.
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(webhookId, deliveryId);
