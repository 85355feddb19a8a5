-- Who holds each plan: one row per item and live (not deleted) user with a subscription to it that had
-- not ended when the row was written, carrying the latest end of those subscriptions. searchuser's plan filter walks it newest user first and takes
-- its total from the counter 'users:plan=<itemId>' (rows of the item, kept by the triggers below in the
-- writing statement, as the counters of 0090 are) less the rows of the item already ended. A row whose
-- end has passed stays until the frequent cron sweeps it (worker/src/domain/users/plans.ts), so the
-- ended rows a total subtracts are the few of the last minutes, read through plan_holders_ends.
CREATE TABLE plan_holders (
  itemId INTEGER NOT NULL,
  userId INTEGER NOT NULL,
  endsAt TEXT NOT NULL,
  PRIMARY KEY (itemId, userId)
) WITHOUT ROWID;
CREATE INDEX plan_holders_ends ON plan_holders(endsAt, itemId);

CREATE TRIGGER plan_holders_count_insert AFTER INSERT ON plan_holders BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('users:plan=' || new.itemId, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER plan_holders_count_delete AFTER DELETE ON plan_holders BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'users:plan=' || old.itemId;
END;

-- A subscription added (one already ended holds nothing): its holder's row for the item ends at the later
-- of the two ends.
CREATE TRIGGER subscriptions_holders_insert AFTER INSERT ON subscriptions
WHEN new.endsAt > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
 AND EXISTS (SELECT 1 FROM users WHERE userId = new.userId AND deletedAt IS NULL)
BEGIN
  INSERT INTO plan_holders (itemId, userId, endsAt) VALUES (new.itemId, new.userId, new.endsAt)
  ON CONFLICT (itemId, userId) DO UPDATE SET endsAt = max(endsAt, excluded.endsAt);
END;

-- A subscription removed or changed (nothing does either today; the rows must stay right if it ever does):
-- the pairs it touched are read again from the subscriptions left.
CREATE TRIGGER subscriptions_holders_delete AFTER DELETE ON subscriptions BEGIN
  DELETE FROM plan_holders WHERE itemId = old.itemId AND userId = old.userId;
  INSERT INTO plan_holders (itemId, userId, endsAt)
  SELECT itemId, userId, max(endsAt) FROM subscriptions
   WHERE itemId = old.itemId AND userId = old.userId
     AND EXISTS (SELECT 1 FROM users WHERE userId = old.userId AND deletedAt IS NULL)
   GROUP BY itemId, userId
  HAVING max(endsAt) > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
END;
CREATE TRIGGER subscriptions_holders_update AFTER UPDATE OF userId, itemId, endsAt ON subscriptions BEGIN
  DELETE FROM plan_holders WHERE (itemId = old.itemId AND userId = old.userId) OR (itemId = new.itemId AND userId = new.userId);
  INSERT INTO plan_holders (itemId, userId, endsAt)
  SELECT itemId, userId, max(endsAt) FROM subscriptions
   WHERE ((itemId = old.itemId AND userId = old.userId) OR (itemId = new.itemId AND userId = new.userId))
     AND EXISTS (SELECT 1 FROM users u WHERE u.userId = subscriptions.userId AND u.deletedAt IS NULL)
   GROUP BY itemId, userId
  HAVING max(endsAt) > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
END;

-- A user deleted holds no plan any more; one restored holds theirs again.
CREATE TRIGGER users_holders_delete AFTER UPDATE OF deletedAt ON users
WHEN old.deletedAt IS NULL AND new.deletedAt IS NOT NULL
BEGIN
  DELETE FROM plan_holders WHERE userId = new.userId;
END;
CREATE TRIGGER users_holders_restore AFTER UPDATE OF deletedAt ON users
WHEN old.deletedAt IS NOT NULL AND new.deletedAt IS NULL
BEGIN
  INSERT INTO plan_holders (itemId, userId, endsAt)
  SELECT itemId, userId, max(endsAt) FROM subscriptions WHERE userId = new.userId GROUP BY itemId, userId
  HAVING max(endsAt) > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
END;
CREATE TRIGGER users_holders_remove AFTER DELETE ON users BEGIN
  DELETE FROM plan_holders WHERE userId = old.userId;
END;

-- The holders of today (the counters follow through the insert trigger).
INSERT INTO plan_holders (itemId, userId, endsAt)
SELECT s.itemId, s.userId, max(s.endsAt) FROM subscriptions s JOIN users u ON u.userId = s.userId
 WHERE u.deletedAt IS NULL
 GROUP BY s.itemId, s.userId
HAVING max(s.endsAt) > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
