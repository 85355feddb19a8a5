-- Card payments through Stripe Checkout (docs/decisions/0011-card-payments.md): method 'card', and the
-- payment's Checkout Session bookkeeping.
--
-- SQLite cannot change a CHECK constraint in place, so payments is rebuilt with the same columns, the
-- new ones and the same indexes. Nothing references payments, so no foreign key is in the way. A later
-- migration's triggers or indexes on payments must come after this file (tests/worker/card-payments.test.ts
-- checks that every index and trigger the migrations create on payments exists).

CREATE TABLE payments_rebuilt (
  paymentId INTEGER PRIMARY KEY,
  -- Public, unguessable (>= 128 random bits, base64url).
  referenceId TEXT NOT NULL UNIQUE CHECK (length(referenceId) >= 22),
  userId INTEGER NOT NULL REFERENCES users(userId),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'awaiting_confirmation', 'paid', 'cancelled', 'expired')),
  -- JSON [{kind, refId, name, unitPrice, qty, lineTotal}], frozen at checkout.
  lines TEXT NOT NULL,
  method TEXT NOT NULL DEFAULT 'bank' CHECK (method IN ('bank', 'gateway', 'manual', 'card')),
  proofKey TEXT,
  proofName TEXT,
  note TEXT NOT NULL DEFAULT '',
  -- Gap-free: taken from counters('invoice') in the same batch that marks the payment paid.
  invoiceNumber INTEGER UNIQUE,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expiresAt TEXT NOT NULL,
  paidAt TEXT,
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  grantToken TEXT,
  -- The Checkout Session attempt: each new session takes the next number, so its idempotency key
  -- ("checkout:<referenceId>:<attempt>") and expiry are the same for every request racing to make it.
  cardAttempt INTEGER NOT NULL DEFAULT 0,
  cardSessionId TEXT,
  cardSessionExpiresAt TEXT,
  -- Stripe's PaymentIntent of the card payment that paid it.
  cardPaymentIntentId TEXT,
  CHECK ((status = 'paid') = (paidAt IS NOT NULL))
);

INSERT INTO payments_rebuilt (paymentId, referenceId, userId, amount, currency, status, lines, method, proofKey,
  proofName, note, invoiceNumber, createdAt, expiresAt, paidAt, updatedAt, grantToken)
SELECT paymentId, referenceId, userId, amount, currency, status, lines, method, proofKey,
  proofName, note, invoiceNumber, createdAt, expiresAt, paidAt, updatedAt, grantToken
FROM payments;

DROP TABLE payments;
ALTER TABLE payments_rebuilt RENAME TO payments;

CREATE INDEX payments_user ON payments(userId, createdAt);
CREATE INDEX payments_status ON payments(status, createdAt);
CREATE INDEX payments_expiry ON payments(status, expiresAt);
CREATE INDEX payments_newest ON payments(createdAt);
CREATE INDEX payments_paid ON payments(paidAt) WHERE paidAt IS NOT NULL;
CREATE INDEX payments_paid_amount ON payments(paidAt, amount) WHERE paidAt IS NOT NULL;
CREATE INDEX payments_created_status ON payments(createdAt, status, amount);
