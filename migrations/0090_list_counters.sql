-- Exact list totals without counting rows: one row in `counters` per table and per filter value a list
-- offers (see worker/src/db/counts.ts for the names). Triggers keep them: a trigger runs inside the
-- statement that writes, so a counter changes in the same transaction (the same D1 batch) as its rows,
-- whatever the handler, and a batch that aborts takes its counter changes with it. D1 reports the rows
-- triggers write in meta.changes: compare `changes(result)` with 0, never with 1 (db/index.ts).
--
-- Names: "<list>" and "<list>:<filter>=<value>[,<filter>=<value>…]". A NULL value (a job whose site was
-- deleted) makes the whole name NULL: such rows count only in the families that do not name it.
-- Decrements never go below 0 (CHECK on counters), so a counter out of step stops the write that
-- would hide it instead of drifting.

-- Users: live ones only (deleted users are never listed), by role, status and both.
CREATE TRIGGER users_count_insert AFTER INSERT ON users WHEN new.deletedAt IS NULL BEGIN
  INSERT INTO counters (counterName, counterValue)
  VALUES ('users', 1), ('users:role=' || new.userRole, 1), ('users:active=' || new.userIsActive, 1),
    ('users:role=' || new.userRole || ',active=' || new.userIsActive, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER users_count_delete AFTER DELETE ON users WHEN old.deletedAt IS NULL BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('users', 'users:role=' || old.userRole, 'users:active=' || old.userIsActive,
    'users:role=' || old.userRole || ',active=' || old.userIsActive);
END;
-- Also fires for a role rename (users.userRole follows roles.roleName ON UPDATE CASCADE).
CREATE TRIGGER users_count_update AFTER UPDATE OF userRole, userIsActive, deletedAt ON users
WHEN old.userRole IS NOT new.userRole OR old.userIsActive IS NOT new.userIsActive
  OR (old.deletedAt IS NULL) <> (new.deletedAt IS NULL)
BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE old.deletedAt IS NULL AND counterName IN ('users', 'users:role=' || old.userRole,
    'users:active=' || old.userIsActive, 'users:role=' || old.userRole || ',active=' || old.userIsActive);
  INSERT INTO counters (counterName, counterValue)
  SELECT column1, 1 FROM (VALUES ('users'), ('users:role=' || new.userRole), ('users:active=' || new.userIsActive),
    ('users:role=' || new.userRole || ',active=' || new.userIsActive))
  WHERE new.deletedAt IS NULL
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

-- Jobs: by status, owner, site, vendor account, site and account together, each also by status.
CREATE TRIGGER history_count_insert AFTER INSERT ON history BEGIN
  INSERT INTO counters (counterName, counterValue)
  SELECT column1, 1 FROM (VALUES ('history'), ('history:status=' || new.status), ('history:user=' || new.userId),
    ('history:user=' || new.userId || ',status=' || new.status), ('history:site=' || new.siteId),
    ('history:site=' || new.siteId || ',status=' || new.status), ('history:vendor=' || new.vendorId),
    ('history:vendor=' || new.vendorId || ',status=' || new.status), ('history:site=' || new.siteId || ',vendor=' || new.vendorId),
    ('history:site=' || new.siteId || ',vendor=' || new.vendorId || ',status=' || new.status))
  WHERE column1 IS NOT NULL
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER history_count_delete AFTER DELETE ON history BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('history', 'history:status=' || old.status, 'history:user=' || old.userId,
    'history:user=' || old.userId || ',status=' || old.status, 'history:site=' || old.siteId,
    'history:site=' || old.siteId || ',status=' || old.status, 'history:vendor=' || old.vendorId,
    'history:vendor=' || old.vendorId || ',status=' || old.status, 'history:site=' || old.siteId || ',vendor=' || old.vendorId,
    'history:site=' || old.siteId || ',vendor=' || old.vendorId || ',status=' || old.status);
END;
-- Also fires when a deleted site or vendor account sets siteId/vendorId to NULL (ON DELETE SET NULL).
CREATE TRIGGER history_count_update AFTER UPDATE OF status, userId, siteId, vendorId ON history
WHEN old.status IS NOT new.status OR old.userId IS NOT new.userId OR old.siteId IS NOT new.siteId
  OR old.vendorId IS NOT new.vendorId
BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('history', 'history:status=' || old.status, 'history:user=' || old.userId,
    'history:user=' || old.userId || ',status=' || old.status, 'history:site=' || old.siteId,
    'history:site=' || old.siteId || ',status=' || old.status, 'history:vendor=' || old.vendorId,
    'history:vendor=' || old.vendorId || ',status=' || old.status, 'history:site=' || old.siteId || ',vendor=' || old.vendorId,
    'history:site=' || old.siteId || ',vendor=' || old.vendorId || ',status=' || old.status);
  INSERT INTO counters (counterName, counterValue)
  SELECT column1, 1 FROM (VALUES ('history'), ('history:status=' || new.status), ('history:user=' || new.userId),
    ('history:user=' || new.userId || ',status=' || new.status), ('history:site=' || new.siteId),
    ('history:site=' || new.siteId || ',status=' || new.status), ('history:vendor=' || new.vendorId),
    ('history:vendor=' || new.vendorId || ',status=' || new.status), ('history:site=' || new.siteId || ',vendor=' || new.vendorId),
    ('history:site=' || new.siteId || ',vendor=' || new.vendorId || ',status=' || new.status))
  WHERE column1 IS NOT NULL
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

-- Payments: by status, buyer, buyer and status.
CREATE TRIGGER payments_count_insert AFTER INSERT ON payments BEGIN
  INSERT INTO counters (counterName, counterValue)
  VALUES ('payments', 1), ('payments:status=' || new.status, 1), ('payments:user=' || new.userId, 1),
    ('payments:user=' || new.userId || ',status=' || new.status, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER payments_count_delete AFTER DELETE ON payments BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('payments', 'payments:status=' || old.status, 'payments:user=' || old.userId,
    'payments:user=' || old.userId || ',status=' || old.status);
END;
CREATE TRIGGER payments_count_update AFTER UPDATE OF status, userId ON payments
WHEN old.status IS NOT new.status OR old.userId IS NOT new.userId
BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('payments:status=' || old.status, 'payments:user=' || old.userId,
    'payments:user=' || old.userId || ',status=' || old.status);
  INSERT INTO counters (counterName, counterValue)
  VALUES ('payments:status=' || new.status, 1), ('payments:user=' || new.userId, 1),
    ('payments:user=' || new.userId || ',status=' || new.status, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

-- Coupons: used ones, and unused ones per expiry day: "unused" (valid through today) and "expired"
-- change with the date, so they are sums over a range of expiry days (few distinct days: coupons are
-- generated in batches sharing one). The counter of a day is removed once it reaches 0.
CREATE TRIGGER coupons_count_insert AFTER INSERT ON coupons BEGIN
  INSERT INTO counters (counterName, counterValue)
  VALUES ('coupons', 1),
    (iif(new.couponUsed = 'Y', 'coupons:used=Y', 'coupons:expires=' || new.couponExpired), 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER coupons_count_delete AFTER DELETE ON coupons BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('coupons',
    iif(old.couponUsed = 'Y', 'coupons:used=Y', 'coupons:expires=' || old.couponExpired));
  DELETE FROM counters WHERE counterName = 'coupons:expires=' || old.couponExpired AND counterValue = 0;
END;
CREATE TRIGGER coupons_count_update AFTER UPDATE OF couponUsed, couponExpired ON coupons
WHEN old.couponUsed IS NOT new.couponUsed OR old.couponExpired IS NOT new.couponExpired
BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName = iif(old.couponUsed = 'Y', 'coupons:used=Y', 'coupons:expires=' || old.couponExpired);
  DELETE FROM counters WHERE counterName = 'coupons:expires=' || old.couponExpired AND counterValue = 0;
  INSERT INTO counters (counterName, counterValue)
  VALUES (iif(new.couponUsed = 'Y', 'coupons:used=Y', 'coupons:expires=' || new.couponExpired), 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

-- Catalogue: items, bundles and sites by their active flag; vendor accounts by site and status.
CREATE TRIGGER items_count_insert AFTER INSERT ON items BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('items', 1), ('items:active=' || new.itemIsActive, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER items_count_delete AFTER DELETE ON items BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName IN ('items', 'items:active=' || old.itemIsActive);
END;
CREATE TRIGGER items_count_update AFTER UPDATE OF itemIsActive ON items WHEN old.itemIsActive IS NOT new.itemIsActive BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'items:active=' || old.itemIsActive;
  INSERT INTO counters (counterName, counterValue) VALUES ('items:active=' || new.itemIsActive, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

CREATE TRIGGER bundles_count_insert AFTER INSERT ON bundles BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('bundles', 1), ('bundles:active=' || new.bundleIsActive, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER bundles_count_delete AFTER DELETE ON bundles BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName IN ('bundles', 'bundles:active=' || old.bundleIsActive);
END;
CREATE TRIGGER bundles_count_update AFTER UPDATE OF bundleIsActive ON bundles
WHEN old.bundleIsActive IS NOT new.bundleIsActive
BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'bundles:active=' || old.bundleIsActive;
  INSERT INTO counters (counterName, counterValue) VALUES ('bundles:active=' || new.bundleIsActive, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

CREATE TRIGGER sites_count_insert AFTER INSERT ON sites BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('sites', 1), ('sites:use=' || new.siteIsUse, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER sites_count_delete AFTER DELETE ON sites BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName IN ('sites', 'sites:use=' || old.siteIsUse);
END;
CREATE TRIGGER sites_count_update AFTER UPDATE OF siteIsUse ON sites WHEN old.siteIsUse IS NOT new.siteIsUse BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'sites:use=' || old.siteIsUse;
  INSERT INTO counters (counterName, counterValue) VALUES ('sites:use=' || new.siteIsUse, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

-- Also fires for the accounts a deleted site takes with it (ON DELETE CASCADE).
CREATE TRIGGER vendors_count_insert AFTER INSERT ON vendor_accounts BEGIN
  INSERT INTO counters (counterName, counterValue)
  VALUES ('vendors', 1), ('vendors:active=' || new.vendorIsActive, 1), ('vendors:site=' || new.vendorSiteID, 1),
    ('vendors:site=' || new.vendorSiteID || ',active=' || new.vendorIsActive, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER vendors_count_delete AFTER DELETE ON vendor_accounts BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('vendors', 'vendors:active=' || old.vendorIsActive, 'vendors:site=' || old.vendorSiteID,
    'vendors:site=' || old.vendorSiteID || ',active=' || old.vendorIsActive);
END;
CREATE TRIGGER vendors_count_update AFTER UPDATE OF vendorIsActive, vendorSiteID ON vendor_accounts
WHEN old.vendorIsActive IS NOT new.vendorIsActive OR old.vendorSiteID IS NOT new.vendorSiteID
BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE counterName IN ('vendors:active=' || old.vendorIsActive, 'vendors:site=' || old.vendorSiteID,
    'vendors:site=' || old.vendorSiteID || ',active=' || old.vendorIsActive);
  INSERT INTO counters (counterName, counterValue)
  VALUES ('vendors:active=' || new.vendorIsActive, 1), ('vendors:site=' || new.vendorSiteID, 1),
    ('vendors:site=' || new.vendorSiteID || ',active=' || new.vendorIsActive, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

-- Operations: the audit log by outcome, the outbox by status, API keys.
CREATE TRIGGER audit_count_insert AFTER INSERT ON audit_log BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('audit', 1), ('audit:outcome=' || new.outcome, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER audit_count_delete AFTER DELETE ON audit_log BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName IN ('audit', 'audit:outcome=' || old.outcome);
END;

CREATE TRIGGER outbox_count_insert AFTER INSERT ON outbox BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('outbox', 1), ('outbox:status=' || new.status, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER outbox_count_delete AFTER DELETE ON outbox BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName IN ('outbox', 'outbox:status=' || old.status);
END;
CREATE TRIGGER outbox_count_update AFTER UPDATE OF status ON outbox WHEN old.status IS NOT new.status BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'outbox:status=' || old.status;
  INSERT INTO counters (counterName, counterValue) VALUES ('outbox:status=' || new.status, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;

CREATE TRIGGER apikeys_count_insert AFTER INSERT ON api_keys BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('apikeys', 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER apikeys_count_delete AFTER DELETE ON api_keys BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'apikeys';
END;

-- Per user: quota ledger rows and subscriptions (the quota page, the user view, the billing page).
CREATE TRIGGER ledger_count_insert AFTER INSERT ON quota_ledger BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('ledger:user=' || new.userId, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER ledger_count_delete AFTER DELETE ON quota_ledger BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'ledger:user=' || old.userId;
END;

CREATE TRIGGER subscriptions_count_insert AFTER INSERT ON subscriptions BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('subscriptions:user=' || new.userId, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER subscriptions_count_delete AFTER DELETE ON subscriptions BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'subscriptions:user=' || old.userId;
END;

-- The counters of the rows already there (D1 allows at most 5 terms in a compound SELECT: the names of a table
-- names come from a join with a VALUES list instead).
INSERT INTO counters (counterName, counterValue)
SELECT name, count(*) FROM (
  SELECT CASE k.column1 WHEN 1 THEN 'users' WHEN 2 THEN 'users:role=' || userRole WHEN 3 THEN 'users:active=' || userIsActive
    ELSE 'users:role=' || userRole || ',active=' || userIsActive END AS name
  FROM users, (VALUES (1), (2), (3), (4)) k WHERE deletedAt IS NULL
) GROUP BY name;
INSERT INTO counters (counterName, counterValue)
SELECT name, count(*) FROM (
  SELECT CASE k.column1 WHEN 1 THEN 'history' WHEN 2 THEN 'history:status=' || status WHEN 3 THEN 'history:user=' || userId
    WHEN 4 THEN 'history:user=' || userId || ',status=' || status WHEN 5 THEN 'history:site=' || siteId
    WHEN 6 THEN 'history:site=' || siteId || ',status=' || status WHEN 7 THEN 'history:vendor=' || vendorId
    WHEN 8 THEN 'history:vendor=' || vendorId || ',status=' || status WHEN 9 THEN 'history:site=' || siteId || ',vendor=' || vendorId
    ELSE 'history:site=' || siteId || ',vendor=' || vendorId || ',status=' || status END AS name
  FROM history, (VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)) k
) WHERE name IS NOT NULL GROUP BY name;
INSERT INTO counters (counterName, counterValue)
SELECT name, count(*) FROM (
  SELECT CASE k.column1 WHEN 1 THEN 'payments' WHEN 2 THEN 'payments:status=' || status WHEN 3 THEN 'payments:user=' || userId
    ELSE 'payments:user=' || userId || ',status=' || status END AS name
  FROM payments, (VALUES (1), (2), (3), (4)) k
) GROUP BY name;
INSERT INTO counters (counterName, counterValue)
SELECT name, count(*) FROM (
  SELECT CASE WHEN k.column1 = 1 THEN 'coupons' WHEN couponUsed = 'Y' THEN 'coupons:used=Y'
    ELSE 'coupons:expires=' || couponExpired END AS name
  FROM coupons, (VALUES (1), (2)) k
) GROUP BY name;
INSERT INTO counters (counterName, counterValue)
SELECT name, count(*) FROM (
  SELECT CASE k.column1 WHEN 1 THEN 'items' ELSE 'items:active=' || itemIsActive END AS name FROM items, (VALUES (1), (2)) k
  UNION ALL
  SELECT CASE k.column1 WHEN 1 THEN 'bundles' ELSE 'bundles:active=' || bundleIsActive END FROM bundles, (VALUES (1), (2)) k
  UNION ALL
  SELECT CASE k.column1 WHEN 1 THEN 'sites' ELSE 'sites:use=' || siteIsUse END FROM sites, (VALUES (1), (2)) k
  UNION ALL
  SELECT CASE k.column1 WHEN 1 THEN 'vendors' WHEN 2 THEN 'vendors:active=' || vendorIsActive
    WHEN 3 THEN 'vendors:site=' || vendorSiteID ELSE 'vendors:site=' || vendorSiteID || ',active=' || vendorIsActive END
  FROM vendor_accounts, (VALUES (1), (2), (3), (4)) k
) GROUP BY name;
INSERT INTO counters (counterName, counterValue)
SELECT name, count(*) FROM (
  SELECT CASE k.column1 WHEN 1 THEN 'audit' ELSE 'audit:outcome=' || outcome END AS name FROM audit_log, (VALUES (1), (2)) k
  UNION ALL
  SELECT CASE k.column1 WHEN 1 THEN 'outbox' ELSE 'outbox:status=' || status END FROM outbox, (VALUES (1), (2)) k
  UNION ALL
  SELECT 'apikeys' FROM api_keys
  UNION ALL
  SELECT 'ledger:user=' || userId FROM quota_ledger
  UNION ALL
  SELECT 'subscriptions:user=' || userId FROM subscriptions
) GROUP BY name;
