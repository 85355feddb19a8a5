-- Passkeys (WebAuthn, issue 44): a user's registered credentials and the challenges the portal handed out.

-- One row per credential: its id, its public key (SPKI, base64url) and that key's algorithm, the authenticator's signature counter
-- (a counter that does not grow is refused: a cloned authenticator), the name the user gave it.
CREATE TABLE passkeys (
  passkeyId INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  credentialId TEXT NOT NULL UNIQUE,
  publicKey TEXT NOT NULL,
  publicKeyAlgorithm TEXT NOT NULL CHECK (publicKeyAlgorithm IN ('ES256', 'RS256')),
  signCount INTEGER NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '[]',
  passkeyName TEXT NOT NULL,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  lastUsedAt TEXT
);
-- The security tab's list (newest first) and the second step's allowed credentials.
CREATE INDEX passkeys_user ON passkeys (userId, passkeyId);

-- A challenge works once, for one purpose, until it expires: the call that answers it deletes the row in
-- the statement that checks it (DELETE … RETURNING), so a replay finds nothing. userId is the user a
-- registration or a second step is for; NULL for a passwordless sign-in. `detail` carries the two-steps
-- token's hash a second step belongs to.
CREATE TABLE passkey_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login', 'second_step')),
  userId INTEGER REFERENCES users(userId) ON DELETE CASCADE,
  detail TEXT,
  expiresAt INTEGER NOT NULL
) WITHOUT ROWID;
