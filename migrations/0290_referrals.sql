-- Referral program (decision 0020): each client's code, and who referred whom with the reward's state.

-- A client's code, made the first time they ask for it (my-referral); short, random, never reused.
CREATE TABLE referral_codes (
  userId INTEGER PRIMARY KEY REFERENCES users(userId),
  code TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 6 AND 16),
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One row per referred account (refereeId is the key: one referrer per account). The points are the
-- settings' amounts when the referee signed up: the offer they accepted. rewardRef is the referee's first
-- paid payment; UNIQUE, and the ledger refs 'referral:<refereeId>' are UNIQUE too, so a reward happens once.
CREATE TABLE referrals (
  refereeId INTEGER PRIMARY KEY REFERENCES users(userId),
  referrerId INTEGER NOT NULL REFERENCES users(userId),
  referrerPoints INTEGER NOT NULL CHECK (referrerPoints >= 0),
  refereePoints INTEGER NOT NULL CHECK (refereePoints >= 0),
  status TEXT NOT NULL DEFAULT 'registered' CHECK (status IN ('registered', 'rewarded', 'revoked')),
  rewardRef TEXT UNIQUE,
  rewardedAt TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (refereeId <> referrerId)
);
CREATE INDEX referrals_created ON referrals(createdAt);
CREATE INDEX referrals_referrer ON referrals(referrerId, createdAt);

-- Clients see their own code and what it earned.
INSERT INTO role_rules (roleId, action, subject, inverted, conditions) VALUES (2, 'read', 'Referral', 0, NULL);
