-- Identity: roles and their CASL rules, users, sessions, one-time tokens, login throttling, API keys.
-- Times are ISO 8601 UTC text unless the column name ends in "At" and says otherwise; booleans are 0/1.

CREATE TABLE roles (
  roleId INTEGER PRIMARY KEY,
  roleName TEXT NOT NULL UNIQUE CHECK (length(roleName) BETWEEN 1 AND 40),
  roleDesc TEXT NOT NULL DEFAULT '',
  builtIn INTEGER NOT NULL DEFAULT 0 CHECK (builtIn IN (0, 1)),
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE role_rules (
  ruleId INTEGER PRIMARY KEY,
  roleId INTEGER NOT NULL REFERENCES roles(roleId) ON DELETE CASCADE,
  action TEXT NOT NULL,
  subject TEXT NOT NULL,
  inverted INTEGER NOT NULL DEFAULT 0 CHECK (inverted IN (0, 1)),
  -- JSON object of CASL conditions; "${user.userId}" is replaced by the caller's id.
  conditions TEXT
);
CREATE INDEX role_rules_role ON role_rules(roleId);

CREATE TABLE users (
  userId INTEGER PRIMARY KEY,
  userName TEXT NOT NULL,
  userEmail TEXT NOT NULL COLLATE NOCASE,
  userPhone TEXT NOT NULL DEFAULT '',
  userImage TEXT,
  userRole TEXT NOT NULL REFERENCES roles(roleName) ON UPDATE CASCADE,
  userIsActive INTEGER NOT NULL DEFAULT 1 CHECK (userIsActive IN (0, 1)),
  userQuota INTEGER NOT NULL DEFAULT 0 CHECK (userQuota >= 0),
  emailVerified INTEGER NOT NULL DEFAULT 0 CHECK (emailVerified IN (0, 1)),
  passwordHash TEXT NOT NULL,
  passwordSalt TEXT NOT NULL,
  passwordIterations INTEGER NOT NULL CHECK (passwordIterations > 0),
  twoFactorSecret TEXT,
  twoFactorEnabled INTEGER NOT NULL DEFAULT 0 CHECK (twoFactorEnabled IN (0, 1)),
  -- Deleted users stay for the books (payments, invoices, ledger, history); their email is freed.
  deletedAt TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX users_email ON users(userEmail);
CREATE INDEX users_list ON users(deletedAt, userId);
CREATE INDEX users_role ON users(userRole, userId);
CREATE INDEX users_status ON users(userIsActive, userId);

-- Substring search on name and email (trigram needs 3+ characters).
CREATE VIRTUAL TABLE users_fts USING fts5(
  userName, userEmail, content='users', content_rowid='userId', tokenize='trigram'
);
CREATE TRIGGER users_fts_insert AFTER INSERT ON users BEGIN
  INSERT INTO users_fts(rowid, userName, userEmail) VALUES (new.userId, new.userName, new.userEmail);
END;
CREATE TRIGGER users_fts_delete AFTER DELETE ON users BEGIN
  INSERT INTO users_fts(users_fts, rowid, userName, userEmail) VALUES ('delete', old.userId, old.userName, old.userEmail);
END;
CREATE TRIGGER users_fts_update AFTER UPDATE OF userName, userEmail ON users BEGIN
  INSERT INTO users_fts(users_fts, rowid, userName, userEmail) VALUES ('delete', old.userId, old.userName, old.userEmail);
  INSERT INTO users_fts(rowid, userName, userEmail) VALUES (new.userId, new.userName, new.userEmail);
END;

CREATE TABLE sessions (
  sessionId INTEGER PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  -- SHA-256 of the 256-bit token; the token itself only ever lives in the cookie.
  tokenHash TEXT NOT NULL UNIQUE,
  rememberMe INTEGER NOT NULL DEFAULT 0 CHECK (rememberMe IN (0, 1)),
  idleSeconds INTEGER NOT NULL CHECK (idleSeconds > 0),
  userAgent TEXT NOT NULL DEFAULT '',
  ip TEXT NOT NULL DEFAULT '',
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- Unix seconds: compared on every request.
  lastSeenAt INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(userId, lastSeenAt);

-- Single-use tokens: password reset, email verification, two-step challenges.
CREATE TABLE auth_tokens (
  tokenHash TEXT PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users(userId) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('reset', 'verify', 'two_steps')),
  detail TEXT,
  expiresAt INTEGER NOT NULL,
  usedAt INTEGER
);
CREATE INDEX auth_tokens_user ON auth_tokens(userId, purpose);

-- One row per failed sign-in; keys are "email:<address>" and "ip:<address>".
CREATE TABLE login_attempts (
  attemptId INTEGER PRIMARY KEY,
  attemptKey TEXT NOT NULL,
  createdAt INTEGER NOT NULL
);
CREATE INDEX login_attempts_key ON login_attempts(attemptKey, createdAt);

CREATE TABLE api_keys (
  apiKeyId INTEGER PRIMARY KEY,
  keyName TEXT NOT NULL,
  -- The first characters of the key, shown so an admin can tell keys apart.
  keyPrefix TEXT NOT NULL,
  keyHash TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL DEFAULT 'agent' CHECK (scope IN ('agent')),
  createdBy INTEGER REFERENCES users(userId) ON DELETE SET NULL,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  lastUsedAt TEXT,
  revokedAt TEXT
);
CREATE INDEX api_keys_list ON api_keys(createdAt);

INSERT INTO roles (roleId, roleName, roleDesc, builtIn) VALUES
  (1, 'admin', 'Runs the back office', 1),
  (2, 'client', 'Buys points and subscriptions, uses sites', 1);
INSERT INTO role_rules (roleId, action, subject, inverted, conditions) VALUES
  (1, 'manage', 'all', 0, NULL),
  (2, 'read', 'AclDemo', 0, NULL),
  (2, 'read', 'Portal', 0, NULL),
  (2, 'read', 'Dashboard', 0, NULL),
  (2, 'read', 'Item', 0, NULL),
  (2, 'read', 'Bundle', 0, NULL),
  (2, 'read', 'Site', 0, NULL),
  (2, 'manage', 'Cart', 0, '{"userId":"${user.userId}"}'),
  (2, 'create', 'Payment', 0, NULL),
  (2, 'read', 'Payment', 0, '{"userId":"${user.userId}"}'),
  (2, 'read', 'Invoice', 0, '{"userId":"${user.userId}"}'),
  (2, 'create', 'History', 0, NULL),
  (2, 'read', 'History', 0, '{"userId":"${user.userId}"}'),
  (2, 'read', 'Download', 0, NULL),
  (2, 'read', 'Quota', 0, '{"userId":"${user.userId}"}'),
  (2, 'redeem', 'Coupon', 0, NULL),
  (2, 'read', 'Profile', 0, NULL),
  (2, 'update', 'Profile', 0, NULL);
