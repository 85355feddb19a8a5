-- Tokens (reset, verify, two-step challenges) keyed by their hash without a rowid: the table is its own
-- index on tokenHash, so a token costs D1 two rows written (the row and auth_tokens_user) instead of three.
CREATE TABLE auth_tokens_keyed (
  tokenHash TEXT PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('reset', 'verify', 'two_steps')),
  detail TEXT,
  expiresAt INTEGER NOT NULL,
  usedAt INTEGER
) WITHOUT ROWID;
INSERT INTO auth_tokens_keyed (tokenHash, userId, purpose, detail, expiresAt, usedAt)
  SELECT tokenHash, userId, purpose, detail, expiresAt, usedAt FROM auth_tokens;
DROP TABLE auth_tokens;
ALTER TABLE auth_tokens_keyed RENAME TO auth_tokens;
CREATE INDEX auth_tokens_user ON auth_tokens(userId, purpose);
