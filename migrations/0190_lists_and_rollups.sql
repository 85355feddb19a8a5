-- The data layer shaped by what production bills (issue 27, decision 0002): a row written costs D1 what
-- a thousand rows read do, and every index entry, trigger row and FTS row of a write is a row written.
--
-- Lists read a page and a total counted up to 1,000 rows from the same query (worker/src/db/list.ts),
-- so what they need is an index per list order and filter, not a counter per filter value:
--   * gone: search_versions and plan_holders (migrations 0110, 0111, 0120) with their triggers, and the
--     counter families of 0090; left: one exact counter per large table whose unfiltered total every
--     page view shows ('users' for the live users, 'history', 'payments'), and a role's live users
--     ('role:<name>', the roles page's figure);
--   * lists of the big tables read newest first by id (ids grow with time), so a table's own key is
--     that order: the "newest" indexes are gone and each filter index is its column alone (SQLite adds
--     the id);
--   * indexes no query plan uses are gone (tests/worker/query-plans.test.ts names what each serves).
-- dashboard-stats reads roll-ups by day only (months and years are sums of days): daily_stats as
-- before, and per day a payment status, a site, a vendor account and a user; subscriptions active at a
-- day's start are written by the daily cron (worker/src/domain/stats/subscriptions.ts), not by triggers.
-- Numbered after 0160, which rebuilds payments and makes its indexes and triggers of 0090/0091/0111
-- again: those are dropped (or remade) here too.

-- Search versions and plan holders.
DROP TRIGGER users_search_insert;
DROP TRIGGER users_search_delete;
DROP TRIGGER users_search_update;
DROP TRIGGER coupons_search_insert;
DROP TRIGGER coupons_search_delete;
DROP TRIGGER coupons_search_update;
DROP TRIGGER history_search_insert;
DROP TRIGGER history_search_delete;
DROP TRIGGER history_search_update;
DROP TRIGGER audit_search_insert;
DROP TRIGGER audit_search_delete;
DROP TRIGGER audit_search_update;
DROP TRIGGER payments_search_insert;
DROP TRIGGER payments_search_delete;
DROP TRIGGER payments_search_update;
DROP TABLE search_versions;
DROP TRIGGER plan_holders_count_insert;
DROP TRIGGER plan_holders_count_delete;
DROP TRIGGER subscriptions_holders_insert;
DROP TRIGGER subscriptions_holders_delete;
DROP TRIGGER subscriptions_holders_update;
DROP TRIGGER users_holders_delete;
DROP TRIGGER users_holders_restore;
DROP TRIGGER users_holders_remove;
DROP TABLE plan_holders;

-- Counter families.
DROP TRIGGER users_count_insert;
DROP TRIGGER users_count_delete;
DROP TRIGGER users_count_update;
DROP TRIGGER history_count_insert;
DROP TRIGGER history_count_delete;
DROP TRIGGER history_count_update;
DROP TRIGGER payments_count_insert;
DROP TRIGGER payments_count_delete;
DROP TRIGGER payments_count_update;
DROP TRIGGER coupons_count_insert;
DROP TRIGGER coupons_count_delete;
DROP TRIGGER coupons_count_update;
DROP TRIGGER items_count_insert;
DROP TRIGGER items_count_delete;
DROP TRIGGER items_count_update;
DROP TRIGGER bundles_count_insert;
DROP TRIGGER bundles_count_delete;
DROP TRIGGER bundles_count_update;
DROP TRIGGER sites_count_insert;
DROP TRIGGER sites_count_delete;
DROP TRIGGER sites_count_update;
DROP TRIGGER vendors_count_insert;
DROP TRIGGER vendors_count_delete;
DROP TRIGGER vendors_count_update;
DROP TRIGGER audit_count_insert;
DROP TRIGGER audit_count_delete;
DROP TRIGGER outbox_count_insert;
DROP TRIGGER outbox_count_delete;
DROP TRIGGER outbox_count_update;
DROP TRIGGER apikeys_count_insert;
DROP TRIGGER apikeys_count_delete;
DROP TRIGGER ledger_count_insert;
DROP TRIGGER ledger_count_delete;
DROP TRIGGER subscriptions_count_insert;
DROP TRIGGER subscriptions_count_delete;
DELETE FROM counters WHERE counterName NOT IN ('invoice', 'credit-note');

-- The counters that stay. A role rename moves its users' count along (users.userRole follows
-- roles.roleName ON UPDATE CASCADE, which fires users_count_update per user).
CREATE TRIGGER users_count_insert AFTER INSERT ON users WHEN new.deletedAt IS NULL BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('users', 1), ('role:' || new.userRole, 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER users_count_delete AFTER DELETE ON users WHEN old.deletedAt IS NULL BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName IN ('users', 'role:' || old.userRole);
END;
CREATE TRIGGER users_count_update AFTER UPDATE OF userRole, deletedAt ON users
WHEN old.userRole IS NOT new.userRole OR (old.deletedAt IS NULL) <> (new.deletedAt IS NULL)
BEGIN
  UPDATE counters SET counterValue = counterValue - 1
  WHERE old.deletedAt IS NULL AND counterName IN ('role:' || old.userRole, iif(new.deletedAt IS NULL, '', 'users'));
  INSERT INTO counters (counterName, counterValue)
  SELECT column1, 1 FROM (VALUES ('role:' || new.userRole), (iif(old.deletedAt IS NULL, '', 'users')))
  WHERE new.deletedAt IS NULL AND column1 <> ''
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER history_count_insert AFTER INSERT ON history BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('history', 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER history_count_delete AFTER DELETE ON history BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'history';
END;
CREATE TRIGGER payments_count_insert AFTER INSERT ON payments BEGIN
  INSERT INTO counters (counterName, counterValue) VALUES ('payments', 1)
  ON CONFLICT (counterName) DO UPDATE SET counterValue = counterValue + 1;
END;
CREATE TRIGGER payments_count_delete AFTER DELETE ON payments BEGIN
  UPDATE counters SET counterValue = counterValue - 1 WHERE counterName = 'payments';
END;
INSERT INTO counters (counterName, counterValue)
SELECT 'users', count(*) FROM users WHERE deletedAt IS NULL
UNION ALL SELECT 'history', count(*) FROM history
UNION ALL SELECT 'payments', count(*) FROM payments;
INSERT INTO counters (counterName, counterValue)
SELECT 'role:' || userRole, count(*) FROM users WHERE deletedAt IS NULL GROUP BY userRole;

-- Indexes: one per list order and filter. Users are listed live only: their filter indexes hold the
-- live users alone (a query naming `deletedAt IS NULL` uses them), so a filtered total counts index
-- entries without reading a user row.
DROP INDEX users_list;
DROP INDEX users_role;
DROP INDEX users_status;
DROP INDEX users_role_status;
CREATE INDEX users_role ON users(userRole) WHERE deletedAt IS NULL;
CREATE INDEX users_status ON users(userIsActive) WHERE deletedAt IS NULL;
CREATE INDEX users_role_status ON users(userRole, userIsActive) WHERE deletedAt IS NULL;

DROP INDEX history_newest;
DROP INDEX history_user;
DROP INDEX history_vendor;
DROP INDEX history_site;
DROP INDEX history_status;
DROP INDEX history_claimed;
DROP INDEX history_user_status;
DROP INDEX history_site_status;
DROP INDEX history_vendor_status;
CREATE INDEX history_user ON history(userId);
CREATE INDEX history_status ON history(status);
CREATE INDEX history_site ON history(siteId);
CREATE INDEX history_site_status ON history(siteId, status);
CREATE INDEX history_vendor ON history(vendorId);

DROP INDEX payments_user;
DROP INDEX payments_status;
DROP INDEX payments_expiry;
DROP INDEX payments_newest;
DROP INDEX payments_paid;
DROP INDEX payments_user_status;
CREATE INDEX payments_user ON payments(userId);
CREATE INDEX payments_status ON payments(status);

-- Coupons: the unused ones by expiry (the unused and expired lists), the used ones by id.
DROP INDEX coupons_newest;
DROP INDEX coupons_status;
DROP INDEX coupons_used_newest;
CREATE INDEX coupons_unused ON coupons(couponExpired) WHERE couponUsed = 'N';
CREATE INDEX coupons_used ON coupons(couponUsed) WHERE couponUsed = 'Y';

DROP INDEX audit_newest;
DROP INDEX audit_actor;
DROP INDEX audit_action;
DROP INDEX audit_outcome;
CREATE INDEX audit_outcome ON audit_log(outcome);
-- The card charges to refund that payment-attention shows (issue 30): only those rows pay for it.
CREATE INDEX audit_unapplied ON audit_log(createdAt) WHERE action = 'card-payment-unapplied';

DROP INDEX outbox_newest;
DROP INDEX outbox_queue;
CREATE INDEX outbox_status ON outbox(status);

DROP INDEX quota_ledger_reason;

-- A plan's holders: the item's subscriptions not ended, with their users (searchuser reads every one).
DROP INDEX subscriptions_item;
CREATE INDEX subscriptions_item ON subscriptions(itemId, endsAt, userId);

-- A session's touch (lastSeenAt, once a minute) no longer moves an index entry.
DROP INDEX sessions_user;
CREATE INDEX sessions_user ON sessions(userId);

-- Roll-ups by day only.
DROP TRIGGER payments_stats_insert;
DROP TRIGGER payments_stats_delete;
DROP TRIGGER payments_stats_update;
DROP TRIGGER users_stats_insert;
DROP TRIGGER users_stats_delete;
DROP TRIGGER users_stats_update;
DROP TRIGGER ledger_stats_insert;
DROP TRIGGER ledger_stats_delete;
DROP TRIGGER history_stats_insert;
DROP TRIGGER history_stats_delete;
DROP TRIGGER history_stats_update;
DROP TRIGGER coupons_stats_insert;
DROP TRIGGER coupons_stats_delete;
DROP TRIGGER coupons_stats_update;
DROP TRIGGER subscriptions_stats_insert;
DROP TRIGGER subscriptions_stats_delete;
DROP TRIGGER subscriptions_stats_update;
DROP TRIGGER ledger_user_stats_insert;
DROP TRIGGER ledger_user_stats_delete;
DROP TRIGGER history_user_stats_insert;
DROP TRIGGER history_user_stats_delete;
DROP TRIGGER history_user_stats_update;
DROP TABLE period_stats;
DROP TABLE user_stats;
DELETE FROM daily_stats;

-- Payments created per day (createdAt) and their current status: count and amount.
CREATE TABLE daily_payment_stats (
  day TEXT NOT NULL,
  status TEXT NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  amount INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, status)
) WITHOUT ROWID;

-- Jobs created per day by site and by vendor account (0 once deleted), with their current status.
CREATE TABLE daily_site_stats (
  day TEXT NOT NULL,
  siteId INTEGER NOT NULL,
  jobs INTEGER NOT NULL DEFAULT 0,
  done INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  points INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, siteId)
) WITHOUT ROWID;
CREATE TABLE daily_vendor_stats (
  day TEXT NOT NULL,
  vendorId INTEGER NOT NULL,
  jobs INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, vendorId)
) WITHOUT ROWID;

-- A user's own figures per day: points added and used (every ledger row), jobs created and their status.
CREATE TABLE daily_user_stats (
  userId INTEGER NOT NULL,
  day TEXT NOT NULL,
  added INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0,
  jobs INTEGER NOT NULL DEFAULT 0,
  done INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (userId, day)
) WITHOUT ROWID;

-- Subscriptions active at 00:00 UTC of a day, per item and in all (itemId 0): written by the daily cron.
CREATE TABLE subscription_days (
  day TEXT NOT NULL,
  itemId INTEGER NOT NULL,
  active INTEGER NOT NULL,
  PRIMARY KEY (day, itemId)
) WITHOUT ROWID;

CREATE TRIGGER payments_stats_insert AFTER INSERT ON payments BEGIN
  INSERT INTO daily_stats (day, paymentsCreated) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET paymentsCreated = paymentsCreated + 1;
  INSERT INTO daily_stats (day, paidCount, paidAmount) SELECT substr(new.paidAt, 1, 10), 1, new.amount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET paidCount = paidCount + 1, paidAmount = paidAmount + excluded.paidAmount;
  INSERT INTO daily_payment_stats (day, status, n, amount) VALUES (substr(new.createdAt, 1, 10), new.status, 1, new.amount)
  ON CONFLICT (day, status) DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;
CREATE TRIGGER payments_stats_delete AFTER DELETE ON payments BEGIN
  UPDATE daily_stats SET paymentsCreated = paymentsCreated - 1 WHERE day = substr(old.createdAt, 1, 10);
  UPDATE daily_stats SET paidCount = paidCount - 1, paidAmount = paidAmount - old.amount
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  UPDATE daily_payment_stats SET n = n - 1, amount = amount - old.amount
  WHERE day = substr(old.createdAt, 1, 10) AND status = old.status;
END;
CREATE TRIGGER payments_stats_update AFTER UPDATE OF status, amount, paidAt ON payments
WHEN old.status IS NOT new.status OR old.amount IS NOT new.amount OR old.paidAt IS NOT new.paidAt
BEGIN
  UPDATE daily_stats SET paidCount = paidCount - 1, paidAmount = paidAmount - old.amount
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  INSERT INTO daily_stats (day, paidCount, paidAmount) SELECT substr(new.paidAt, 1, 10), 1, new.amount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET paidCount = paidCount + 1, paidAmount = paidAmount + excluded.paidAmount;
  UPDATE daily_payment_stats SET n = n - 1, amount = amount - old.amount
  WHERE day = substr(old.createdAt, 1, 10) AND status = old.status;
  INSERT INTO daily_payment_stats (day, status, n, amount) VALUES (substr(new.createdAt, 1, 10), new.status, 1, new.amount)
  ON CONFLICT (day, status) DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;

CREATE TRIGGER users_stats_insert AFTER INSERT ON users BEGIN
  INSERT INTO daily_stats (day, newUsers) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET newUsers = newUsers + 1;
END;
CREATE TRIGGER users_stats_delete AFTER DELETE ON users BEGIN
  UPDATE daily_stats SET newUsers = newUsers - 1 WHERE day = substr(old.createdAt, 1, 10);
END;
CREATE TRIGGER users_stats_update AFTER UPDATE OF createdAt ON users WHEN old.createdAt IS NOT new.createdAt BEGIN
  UPDATE daily_stats SET newUsers = newUsers - 1 WHERE day = substr(old.createdAt, 1, 10);
  INSERT INTO daily_stats (day, newUsers) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET newUsers = newUsers + 1;
END;

-- The ledger's rows never change. Adjustments stay out of the business figures, not out of the user's.
CREATE TRIGGER ledger_stats_insert AFTER INSERT ON quota_ledger BEGIN
  INSERT INTO daily_stats (day, pointsGrant, pointsSpend, pointsRefund, pointsRedeem)
  SELECT substr(new.createdAt, 1, 10), (new.reason = 'grant') * new.delta, (new.reason = 'spend') * new.delta,
    (new.reason = 'refund') * new.delta, (new.reason = 'redeem') * new.delta
  WHERE new.reason <> 'adjust'
  ON CONFLICT (day) DO UPDATE SET pointsGrant = pointsGrant + excluded.pointsGrant,
    pointsSpend = pointsSpend + excluded.pointsSpend, pointsRefund = pointsRefund + excluded.pointsRefund,
    pointsRedeem = pointsRedeem + excluded.pointsRedeem;
  INSERT INTO daily_user_stats (userId, day, added, used)
  VALUES (new.userId, substr(new.createdAt, 1, 10), max(new.delta, 0), max(-new.delta, 0))
  ON CONFLICT (userId, day) DO UPDATE SET added = added + excluded.added, used = used + excluded.used;
END;
CREATE TRIGGER ledger_stats_delete AFTER DELETE ON quota_ledger BEGIN
  UPDATE daily_stats SET pointsGrant = pointsGrant - (old.reason = 'grant') * old.delta,
    pointsSpend = pointsSpend - (old.reason = 'spend') * old.delta,
    pointsRefund = pointsRefund - (old.reason = 'refund') * old.delta,
    pointsRedeem = pointsRedeem - (old.reason = 'redeem') * old.delta
  WHERE old.reason <> 'adjust' AND day = substr(old.createdAt, 1, 10);
  UPDATE daily_user_stats SET added = added - max(old.delta, 0), used = used - max(-old.delta, 0)
  WHERE userId = old.userId AND day = substr(old.createdAt, 1, 10);
END;

-- Jobs, by the day they were created and their status now. A job's owner never changes; its site and
-- account only become NULL when they are deleted (ON DELETE SET NULL), which moves its figures to 0.
CREATE TRIGGER history_stats_insert AFTER INSERT ON history BEGIN
  INSERT INTO daily_stats (day, jobsCreated, jobsDone, jobsFailed)
  VALUES (substr(new.createdAt, 1, 10), 1, new.status = 1, new.status = 2)
  ON CONFLICT (day) DO UPDATE SET jobsCreated = jobsCreated + 1, jobsDone = jobsDone + excluded.jobsDone,
    jobsFailed = jobsFailed + excluded.jobsFailed;
  INSERT INTO daily_site_stats (day, siteId, jobs, done, failed, points)
  VALUES (substr(new.createdAt, 1, 10), coalesce(new.siteId, 0), 1, new.status = 1, new.status = 2, new.pointsSpent)
  ON CONFLICT (day, siteId) DO UPDATE SET jobs = jobs + 1, done = done + excluded.done, failed = failed + excluded.failed,
    points = points + excluded.points;
  INSERT INTO daily_vendor_stats (day, vendorId, jobs) VALUES (substr(new.createdAt, 1, 10), coalesce(new.vendorId, 0), 1)
  ON CONFLICT (day, vendorId) DO UPDATE SET jobs = jobs + 1;
  INSERT INTO daily_user_stats (userId, day, jobs, done, failed)
  VALUES (new.userId, substr(new.createdAt, 1, 10), 1, new.status = 1, new.status = 2)
  ON CONFLICT (userId, day) DO UPDATE SET jobs = jobs + 1, done = done + excluded.done, failed = failed + excluded.failed;
END;
CREATE TRIGGER history_stats_delete AFTER DELETE ON history BEGIN
  UPDATE daily_stats SET jobsCreated = jobsCreated - 1, jobsDone = jobsDone - (old.status = 1),
    jobsFailed = jobsFailed - (old.status = 2)
  WHERE day = substr(old.createdAt, 1, 10);
  UPDATE daily_site_stats SET jobs = jobs - 1, done = done - (old.status = 1), failed = failed - (old.status = 2),
    points = points - old.pointsSpent
  WHERE day = substr(old.createdAt, 1, 10) AND siteId = coalesce(old.siteId, 0);
  UPDATE daily_vendor_stats SET jobs = jobs - 1 WHERE day = substr(old.createdAt, 1, 10) AND vendorId = coalesce(old.vendorId, 0);
  UPDATE daily_user_stats SET jobs = jobs - 1, done = done - (old.status = 1), failed = failed - (old.status = 2)
  WHERE userId = old.userId AND day = substr(old.createdAt, 1, 10);
END;
CREATE TRIGGER history_stats_update AFTER UPDATE OF status ON history WHEN old.status IS NOT new.status BEGIN
  UPDATE daily_stats SET jobsDone = jobsDone + (new.status = 1) - (old.status = 1),
    jobsFailed = jobsFailed + (new.status = 2) - (old.status = 2)
  WHERE day = substr(new.createdAt, 1, 10);
  UPDATE daily_site_stats SET done = done + (new.status = 1) - (old.status = 1), failed = failed + (new.status = 2) - (old.status = 2)
  WHERE day = substr(new.createdAt, 1, 10) AND siteId = coalesce(new.siteId, 0);
  UPDATE daily_user_stats SET done = done + (new.status = 1) - (old.status = 1), failed = failed + (new.status = 2) - (old.status = 2)
  WHERE userId = new.userId AND day = substr(new.createdAt, 1, 10);
END;
CREATE TRIGGER history_stats_site AFTER UPDATE OF siteId ON history WHEN old.siteId IS NOT new.siteId BEGIN
  UPDATE daily_site_stats SET jobs = jobs - 1, done = done - (old.status = 1), failed = failed - (old.status = 2),
    points = points - old.pointsSpent
  WHERE day = substr(old.createdAt, 1, 10) AND siteId = coalesce(old.siteId, 0);
  INSERT INTO daily_site_stats (day, siteId, jobs, done, failed, points)
  VALUES (substr(new.createdAt, 1, 10), coalesce(new.siteId, 0), 1, new.status = 1, new.status = 2, new.pointsSpent)
  ON CONFLICT (day, siteId) DO UPDATE SET jobs = jobs + 1, done = done + excluded.done, failed = failed + excluded.failed,
    points = points + excluded.points;
END;
CREATE TRIGGER history_stats_vendor AFTER UPDATE OF vendorId ON history WHEN old.vendorId IS NOT new.vendorId BEGIN
  UPDATE daily_vendor_stats SET jobs = jobs - 1 WHERE day = substr(old.createdAt, 1, 10) AND vendorId = coalesce(old.vendorId, 0);
  INSERT INTO daily_vendor_stats (day, vendorId, jobs) VALUES (substr(new.createdAt, 1, 10), coalesce(new.vendorId, 0), 1)
  ON CONFLICT (day, vendorId) DO UPDATE SET jobs = jobs + 1;
END;

CREATE TRIGGER coupons_stats_insert AFTER INSERT ON coupons WHEN new.couponUsedDate IS NOT NULL BEGIN
  INSERT INTO daily_stats (day, couponsRedeemed) VALUES (substr(new.couponUsedDate, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET couponsRedeemed = couponsRedeemed + 1;
END;
CREATE TRIGGER coupons_stats_delete AFTER DELETE ON coupons WHEN old.couponUsedDate IS NOT NULL BEGIN
  UPDATE daily_stats SET couponsRedeemed = couponsRedeemed - 1 WHERE day = substr(old.couponUsedDate, 1, 10);
END;
CREATE TRIGGER coupons_stats_update AFTER UPDATE OF couponUsedDate ON coupons
WHEN old.couponUsedDate IS NOT new.couponUsedDate
BEGIN
  UPDATE daily_stats SET couponsRedeemed = couponsRedeemed - 1
  WHERE old.couponUsedDate IS NOT NULL AND day = substr(old.couponUsedDate, 1, 10);
  INSERT INTO daily_stats (day, couponsRedeemed) SELECT substr(new.couponUsedDate, 1, 10), 1
  WHERE new.couponUsedDate IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET couponsRedeemed = couponsRedeemed + 1;
END;

-- The roll-ups of the rows already there.
INSERT INTO daily_stats (day, paidCount, paidAmount)
SELECT substr(paidAt, 1, 10), count(*), sum(amount) FROM payments WHERE paidAt IS NOT NULL GROUP BY 1;
INSERT INTO daily_stats (day, paymentsCreated)
SELECT substr(createdAt, 1, 10), count(*) FROM payments WHERE true GROUP BY 1
ON CONFLICT (day) DO UPDATE SET paymentsCreated = excluded.paymentsCreated;
INSERT INTO daily_stats (day, newUsers)
SELECT substr(createdAt, 1, 10), count(*) FROM users WHERE true GROUP BY 1
ON CONFLICT (day) DO UPDATE SET newUsers = excluded.newUsers;
INSERT INTO daily_stats (day, pointsGrant, pointsSpend, pointsRefund, pointsRedeem)
SELECT substr(createdAt, 1, 10), sum((reason = 'grant') * delta), sum((reason = 'spend') * delta),
  sum((reason = 'refund') * delta), sum((reason = 'redeem') * delta)
FROM quota_ledger WHERE reason <> 'adjust' GROUP BY 1
ON CONFLICT (day) DO UPDATE SET pointsGrant = excluded.pointsGrant, pointsSpend = excluded.pointsSpend,
  pointsRefund = excluded.pointsRefund, pointsRedeem = excluded.pointsRedeem;
INSERT INTO daily_stats (day, jobsCreated, jobsDone, jobsFailed)
SELECT substr(createdAt, 1, 10), count(*), sum(status = 1), sum(status = 2) FROM history WHERE true GROUP BY 1
ON CONFLICT (day) DO UPDATE SET jobsCreated = excluded.jobsCreated, jobsDone = excluded.jobsDone,
  jobsFailed = excluded.jobsFailed;
INSERT INTO daily_stats (day, couponsRedeemed)
SELECT substr(couponUsedDate, 1, 10), count(*) FROM coupons WHERE couponUsedDate IS NOT NULL GROUP BY 1
ON CONFLICT (day) DO UPDATE SET couponsRedeemed = excluded.couponsRedeemed;
INSERT INTO daily_payment_stats (day, status, n, amount)
SELECT substr(createdAt, 1, 10), status, count(*), sum(amount) FROM payments GROUP BY 1, 2;
INSERT INTO daily_site_stats (day, siteId, jobs, done, failed, points)
SELECT substr(createdAt, 1, 10), coalesce(siteId, 0), count(*), sum(status = 1), sum(status = 2), sum(pointsSpent)
FROM history GROUP BY 1, 2;
INSERT INTO daily_vendor_stats (day, vendorId, jobs)
SELECT substr(createdAt, 1, 10), coalesce(vendorId, 0), count(*) FROM history GROUP BY 1, 2;
INSERT INTO daily_user_stats (userId, day, added, used)
SELECT userId, substr(createdAt, 1, 10), sum(max(delta, 0)), sum(max(-delta, 0)) FROM quota_ledger GROUP BY 1, 2;
INSERT INTO daily_user_stats (userId, day, jobs, done, failed)
SELECT userId, substr(createdAt, 1, 10), count(*), sum(status = 1), sum(status = 2) FROM history WHERE true GROUP BY 1, 2
ON CONFLICT (userId, day) DO UPDATE SET jobs = excluded.jobs, done = excluded.done, failed = excluded.failed;
