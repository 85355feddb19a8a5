-- Commerce: carts, payments (with frozen lines and invoice numbers), subscriptions, the quota ledger.

CREATE TABLE carts (
  cartId INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('item', 'bundle')),
  refId INTEGER NOT NULL,
  qty INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 100),
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (userId, kind, refId)
);

CREATE TABLE payments (
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
  method TEXT NOT NULL DEFAULT 'bank' CHECK (method IN ('bank', 'gateway', 'manual')),
  proofKey TEXT,
  proofName TEXT,
  note TEXT NOT NULL DEFAULT '',
  -- Gap-free: taken from counters('invoice') in the same batch that marks the payment paid.
  invoiceNumber INTEGER UNIQUE,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expiresAt TEXT NOT NULL,
  paidAt TEXT,
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((status = 'paid') = (paidAt IS NOT NULL))
);
CREATE INDEX payments_user ON payments(userId, createdAt);
CREATE INDEX payments_status ON payments(status, createdAt);
CREATE INDEX payments_expiry ON payments(status, expiresAt);
CREATE INDEX payments_newest ON payments(createdAt);
CREATE INDEX payments_paid ON payments(paidAt) WHERE paidAt IS NOT NULL;

CREATE TABLE counters (
  counterName TEXT PRIMARY KEY,
  counterValue INTEGER NOT NULL CHECK (counterValue >= 0)
);
INSERT INTO counters (counterName, counterValue) VALUES ('invoice', 0);

CREATE TABLE subscriptions (
  subscriptionId INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId),
  itemId INTEGER NOT NULL REFERENCES items(itemId),
  startsAt TEXT NOT NULL,
  endsAt TEXT NOT NULL CHECK (endsAt > startsAt),
  -- "payment:<referenceId>:<line>" (or an admin grant reference): one subscription per grant.
  grantRef TEXT NOT NULL UNIQUE,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX subscriptions_user ON subscriptions(userId, endsAt);
CREATE INDEX subscriptions_item ON subscriptions(itemId, endsAt);
CREATE INDEX subscriptions_active ON subscriptions(endsAt);

-- Every change of a user's quota; balance = sum(delta). ref makes grants, spends and refunds happen once.
CREATE TABLE quota_ledger (
  ledgerId INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  reason TEXT NOT NULL CHECK (reason IN ('grant', 'spend', 'refund', 'redeem', 'adjust')),
  ref TEXT UNIQUE,
  note TEXT NOT NULL DEFAULT '',
  actorId INTEGER,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX quota_ledger_user ON quota_ledger(userId, createdAt);
CREATE INDEX quota_ledger_reason ON quota_ledger(reason, createdAt);
