-- Saved cards and automatic renewal (issue 40, docs/decisions/0022-renewals.md).

-- A client's choice per item subscription (off for every existing one), and whether the cron has taken its
-- renewal (the renewals row below): the partial index holds only subscriptions still to renew, so the cron's
-- scan reads the few that end soon, however many subscriptions there are.
ALTER TABLE subscriptions ADD COLUMN autoRenew INTEGER NOT NULL DEFAULT 0 CHECK (autoRenew IN (0, 1));
ALTER TABLE subscriptions ADD COLUMN renewalTaken INTEGER NOT NULL DEFAULT 0 CHECK (renewalTaken IN (0, 1));
CREATE INDEX subscriptions_renewal_due ON subscriptions (endsAt) WHERE autoRenew = 1 AND renewalTaken = 0;

-- The Stripe Customer of a client, made once (its saved cards hang on it).
CREATE TABLE stripe_customers (
  userId INTEGER PRIMARY KEY REFERENCES users(userId) ON DELETE CASCADE,
  customerId TEXT NOT NULL UNIQUE,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A saved card: only Stripe's PaymentMethod id and what the Billing tab shows of it (no card number).
CREATE TABLE payment_methods (
  paymentMethodId TEXT PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  expMonth INTEGER NOT NULL,
  expYear INTEGER NOT NULL,
  isDefault INTEGER NOT NULL DEFAULT 0 CHECK (isDefault IN (0, 1)),
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
CREATE INDEX payment_methods_user ON payment_methods (userId, createdAt);

-- One renewal per subscription period: its payment, its state, its attempts. `nextTryAt` is when the cron
-- takes it again: a retry's date, or the end of a charge's lease (a run that died or whose answer never
-- came). The idempotency key of attempt n is renewal:<subscriptionId>:<periodEnd>:<n>.
CREATE TABLE renewals (
  renewalId INTEGER PRIMARY KEY,
  subscriptionId INTEGER NOT NULL UNIQUE,
  userId INTEGER NOT NULL,
  itemId INTEGER NOT NULL,
  periodEnd TEXT NOT NULL,
  referenceId TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('charging', 'retrying', 'renewed', 'awaiting_payment', 'failed')),
  attempt INTEGER NOT NULL DEFAULT 1,
  nextTryAt TEXT,
  paymentIntentId TEXT,
  failure TEXT,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX renewals_due ON renewals (nextTryAt) WHERE status IN ('charging', 'retrying');
