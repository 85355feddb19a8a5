-- Refunds, credit notes, taxes and the parties of an invoice (issue 26; docs/decisions/0012-refunds-taxes-pdf.md).
--
-- payments is rebuilt (SQLite cannot change a CHECK in place, as in 0085) for the statuses 'refunded' and
-- 'partially_refunded' (paidAt stays set: a refunded payment was paid), and gains:
--   refundedAmount   what refunds gave back (settled ones), in minor units
--   refundPending    what refunds in flight at Stripe have reserved, so two refunds never exceed the amount
--   netAmount, taxAmount, taxJson   the tax frozen at checkout ({name, rate, inclusive, reverseCharge}), null
--                    when the portal had no tax settings then (amount = net + tax)
--   buyerJson        the buyer's billing details frozen at checkout ({name, company, address, country, vatNumber})
--   strayIntentId    a card charge Stripe took after the payment was settled another way (the
--                    `card-payment-unapplied` case), until it is refunded
-- The same indexes and triggers are made again; the payments figures of period_stats give the two new
-- statuses dimIds 6 and 7 (their places in the contract's PAYMENT_STATUSES, plus one). A migration that
-- adds a column, an index or a trigger to payments must sort after this file.

CREATE TABLE payments_rebuilt (
  paymentId INTEGER PRIMARY KEY,
  referenceId TEXT NOT NULL UNIQUE CHECK (length(referenceId) >= 22),
  userId INTEGER NOT NULL REFERENCES users(userId),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'awaiting_confirmation', 'paid', 'cancelled', 'expired', 'refunded', 'partially_refunded')),
  lines TEXT NOT NULL,
  method TEXT NOT NULL DEFAULT 'bank' CHECK (method IN ('bank', 'gateway', 'manual', 'card')),
  proofKey TEXT,
  proofName TEXT,
  note TEXT NOT NULL DEFAULT '',
  invoiceNumber INTEGER UNIQUE,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expiresAt TEXT NOT NULL,
  paidAt TEXT,
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  grantToken TEXT,
  cardAttempt INTEGER NOT NULL DEFAULT 0,
  cardSessionId TEXT,
  cardSessionExpiresAt TEXT,
  cardPaymentIntentId TEXT,
  refundedAmount INTEGER NOT NULL DEFAULT 0,
  refundPending INTEGER NOT NULL DEFAULT 0,
  netAmount INTEGER,
  taxAmount INTEGER,
  taxJson TEXT,
  buyerJson TEXT,
  strayIntentId TEXT,
  CHECK ((status IN ('paid', 'refunded', 'partially_refunded')) = (paidAt IS NOT NULL)),
  CHECK (refundedAmount >= 0 AND refundPending >= 0 AND refundedAmount + refundPending <= amount)
);

INSERT INTO payments_rebuilt (paymentId, referenceId, userId, amount, currency, status, lines, method, proofKey,
  proofName, note, invoiceNumber, createdAt, expiresAt, paidAt, updatedAt, grantToken, cardAttempt, cardSessionId,
  cardSessionExpiresAt, cardPaymentIntentId)
SELECT paymentId, referenceId, userId, amount, currency, status, lines, method, proofKey,
  proofName, note, invoiceNumber, createdAt, expiresAt, paidAt, updatedAt, grantToken, cardAttempt, cardSessionId,
  cardSessionExpiresAt, cardPaymentIntentId
FROM payments;

DROP TABLE payments;
ALTER TABLE payments_rebuilt RENAME TO payments;

CREATE INDEX payments_user ON payments(userId, createdAt);
CREATE INDEX payments_status ON payments(status, createdAt);
CREATE INDEX payments_expiry ON payments(status, expiresAt);
CREATE INDEX payments_newest ON payments(createdAt);
CREATE INDEX payments_paid ON payments(paidAt) WHERE paidAt IS NOT NULL;
CREATE INDEX payments_user_status ON payments(userId, status, createdAt);
-- Stripe's refund events name the PaymentIntent: the payment it paid, without a scan.
CREATE INDEX payments_card_intent ON payments(cardPaymentIntentId) WHERE cardPaymentIntentId IS NOT NULL;

-- The triggers of 0090 (list counters), 0091 (dashboard roll-ups) and 0111 (search versions), as they were.
CREATE TRIGGER payments_count_insert AFTER INSERT ON payments BEGIN
  INSERT INTO counters (counterName, counterValue)
  VALUES ('payments', 1), ('payments:status=' || new.status, 1), ('payments:user=' || new.userId, 1),
    ('payments:user=' || new.userId || ',status=' || new.status, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER payments_count_delete AFTER DELETE ON payments BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('payments', 'payments:status=' || old.status, 'payments:user=' || old.userId,
    'payments:user=' || old.userId || ',status=' || old.status);
END;
CREATE TRIGGER payments_count_update AFTER UPDATE OF status, userId ON payments
WHEN old.status IS NOT new.status OR old.userId IS NOT new.userId
BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('payments:status=' || old.status, 'payments:user=' || old.userId,
    'payments:user=' || old.userId || ',status=' || old.status);
  INSERT INTO counters (counterName, counterValue)
  VALUES ('payments:status=' || new.status, 1), ('payments:user=' || new.userId, 1),
    ('payments:user=' || new.userId || ',status=' || new.status, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

CREATE TRIGGER payments_stats_insert AFTER INSERT ON payments BEGIN
  INSERT INTO daily_stats (day, paymentsCreated) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET paymentsCreated = paymentsCreated + 1;
  INSERT INTO daily_stats (day, paidCount, paidAmount) SELECT substr(new.paidAt, 1, 10), 1, new.amount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET paidCount = paidCount + 1, paidAmount = paidAmount + excluded.paidAmount;
  INSERT INTO period_stats (metric, grain, period, dimId, n, points)
  SELECT 'payments', g.grain, substr(new.createdAt, 1, g.len),
    (1 * (new.status = 'pending') + 2 * (new.status = 'awaiting_confirmation') + 3 * (new.status = 'paid') + 4 * (new.status = 'cancelled') + 5 * (new.status = 'expired') + 6 * (new.status = 'refunded') + 7 * (new.status = 'partially_refunded')),
    1, new.amount
  FROM (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + 1, points = points + excluded.points;
END;
CREATE TRIGGER payments_stats_delete AFTER DELETE ON payments BEGIN
  UPDATE daily_stats SET paymentsCreated = paymentsCreated - 1 WHERE day = substr(old.createdAt, 1, 10);
  UPDATE daily_stats SET paidCount = paidCount - 1, paidAmount = paidAmount - old.amount
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  UPDATE period_stats SET n = n - 1, points = points - old.amount
  WHERE metric = 'payments'
    AND dimId = (1 * (old.status = 'pending') + 2 * (old.status = 'awaiting_confirmation') + 3 * (old.status = 'paid') + 4 * (old.status = 'cancelled') + 5 * (old.status = 'expired') + 6 * (old.status = 'refunded') + 7 * (old.status = 'partially_refunded'))
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
END;
CREATE TRIGGER payments_stats_update AFTER UPDATE OF status, amount, createdAt, paidAt ON payments
WHEN old.status IS NOT new.status OR old.amount IS NOT new.amount OR old.createdAt IS NOT new.createdAt
  OR old.paidAt IS NOT new.paidAt
BEGIN
  UPDATE daily_stats SET paymentsCreated = paymentsCreated - 1 WHERE day = substr(old.createdAt, 1, 10);
  INSERT INTO daily_stats (day, paymentsCreated) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET paymentsCreated = paymentsCreated + 1;
  UPDATE daily_stats SET paidCount = paidCount - 1, paidAmount = paidAmount - old.amount
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  INSERT INTO daily_stats (day, paidCount, paidAmount) SELECT substr(new.paidAt, 1, 10), 1, new.amount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET paidCount = paidCount + 1, paidAmount = paidAmount + excluded.paidAmount;
  UPDATE period_stats SET n = n - 1, points = points - old.amount
  WHERE metric = 'payments'
    AND dimId = (1 * (old.status = 'pending') + 2 * (old.status = 'awaiting_confirmation') + 3 * (old.status = 'paid') + 4 * (old.status = 'cancelled') + 5 * (old.status = 'expired') + 6 * (old.status = 'refunded') + 7 * (old.status = 'partially_refunded'))
    AND ((grain = 'y' AND period = substr(old.createdAt, 1, 4)) OR (grain = 'm' AND period = substr(old.createdAt, 1, 7))
      OR (grain = 'd' AND period = substr(old.createdAt, 1, 10)));
  INSERT INTO period_stats (metric, grain, period, dimId, n, points)
  SELECT 'payments', g.grain, substr(new.createdAt, 1, g.len),
    (1 * (new.status = 'pending') + 2 * (new.status = 'awaiting_confirmation') + 3 * (new.status = 'paid') + 4 * (new.status = 'cancelled') + 5 * (new.status = 'expired') + 6 * (new.status = 'refunded') + 7 * (new.status = 'partially_refunded')),
    1, new.amount
  FROM (SELECT 'y' AS grain, 4 AS len UNION ALL SELECT 'm', 7 UNION ALL SELECT 'd', 10) g
  WHERE true
  ON CONFLICT (metric, grain, period, dimId) DO UPDATE SET n = n + 1, points = points + excluded.points;
END;

CREATE TRIGGER payments_search_insert AFTER INSERT ON payments BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'payments';
END;
CREATE TRIGGER payments_search_delete AFTER DELETE ON payments BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'payments';
END;
CREATE TRIGGER payments_search_update AFTER UPDATE OF userId, referenceId, invoiceNumber ON payments
WHEN old.userId IS NOT new.userId OR old.referenceId IS NOT new.referenceId OR old.invoiceNumber IS NOT new.invoiceNumber
BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'payments';
END;

-- One row per refund of a payment. A refund in flight at Stripe is 'pending' (its amount reserved in
-- payments.refundPending); a settled one is 'succeeded' and is a credit note: creditNoteNumber is taken
-- from counters('credit-note') in the batch that settles it, so the series is gap-free and a refund that
-- fails never takes a number. refundKey is random: Stripe's idempotency key ("refund:<refundKey>") and
-- the metadata that brings Stripe's events back to the row; stripeRefundId makes an event apply once.
CREATE TABLE refunds (
  refundId INTEGER PRIMARY KEY,
  refundKey TEXT NOT NULL UNIQUE,
  referenceId TEXT NOT NULL,
  userId INTEGER NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  reason TEXT NOT NULL,
  -- 'card': through Stripe; 'manual': money returned by hand (a transfer), recorded by an admin.
  method TEXT NOT NULL CHECK (method IN ('card', 'manual')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  stripeRefundId TEXT UNIQUE,
  failureReason TEXT,
  creditNoteNumber INTEGER UNIQUE,
  -- The credit note's lines as issued ([{kind, refId, name, net, tax, gross, points?}]), net and tax.
  lines TEXT NOT NULL DEFAULT '[]',
  netAmount INTEGER,
  taxAmount INTEGER,
  -- Points the refund takes back in proportion, what it could take (never below zero), and the
  -- subscriptions a full refund ended.
  pointsWanted INTEGER NOT NULL DEFAULT 0,
  pointsReclaimed INTEGER NOT NULL DEFAULT 0,
  subscriptionsEnded INTEGER NOT NULL DEFAULT 0,
  settleToken TEXT,
  actorId INTEGER,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  settledAt TEXT,
  CHECK ((status = 'succeeded') = (creditNoteNumber IS NOT NULL) OR status = 'failed')
);
-- A payment's refunds and a user's, newest (highest refundId) first.
CREATE INDEX refunds_payment ON refunds(referenceId);
CREATE INDEX refunds_user ON refunds(userId);
INSERT INTO counters (counterName, counterValue) VALUES ('credit-note', 0);

-- The buyer's billing details (account settings), frozen into each payment at checkout with the address.
ALTER TABLE users ADD COLUMN billingCompany TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN billingVatNumber TEXT NOT NULL DEFAULT '';

-- A mail's attachment, made when the mail is sent: 'invoice:<referenceId>' or 'credit-note:<number>'.
ALTER TABLE outbox ADD COLUMN attachment TEXT;
