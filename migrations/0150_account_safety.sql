-- Account safety and ownership (issue 25; docs/decisions/0013-account-closure.md): two-factor recovery codes
-- and terms accepted at registration. (The buyer an invoice names is frozen into payments.buyerJson, 0160.)

-- Ten single-use codes per user with two-factor on, each stored as an HMAC of the code under the session
-- pepper (auth/recovery-codes.ts), never the code; a used code's row is deleted, a new set replaces the old.
CREATE TABLE recovery_codes (
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  codeHash TEXT NOT NULL,
  PRIMARY KEY (userId, codeHash)
) WITHOUT ROWID;

-- The terms a client accepted when registering (TERMS_VERSION, when TERMS_URL is set) and when; NULL when
-- the portal published no terms at the time.
ALTER TABLE users ADD COLUMN termsVersion TEXT;
ALTER TABLE users ADD COLUMN termsAcceptedAt TEXT;

