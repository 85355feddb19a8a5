-- The calendar's secret iCalendar feed (issue 42, decision 0016): one address per user. The address's secret
-- is derived from `nonce` with the SESSION_PEPPER (HMAC), so the table alone gives no address; the feed route
-- finds its owner by the secret's SHA-256 (`secretHash`). Rotating draws a new nonce: the old address's hash
-- matches no row any more.
CREATE TABLE calendar_feeds (
  userId INTEGER PRIMARY KEY REFERENCES users(userId) ON DELETE CASCADE,
  nonce TEXT NOT NULL,
  secretHash TEXT NOT NULL UNIQUE,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A closed account (users.deletedAt set, decision 0013) keeps no feed address.
CREATE TRIGGER calendar_feeds_account_closed AFTER UPDATE OF deletedAt ON users
  WHEN new.deletedAt IS NOT NULL
BEGIN
  DELETE FROM calendar_feeds WHERE userId = new.userId;
END;
