-- Covering indexes for dashboard-stats: every aggregate reads one index range bounded by the chosen
-- period (GROUP BY the UTC day) and never visits the table rows, so the call stays fast over 100,000+
-- payments and jobs.

-- Revenue per day (paidAt range, sum of amount).
CREATE INDEX payments_paid_amount ON payments(paidAt, amount) WHERE paidAt IS NOT NULL;
-- Payments created per day and status.
CREATE INDEX payments_created_status ON payments(createdAt, status, amount);
-- New users per day (users_list orders by id, not by time).
CREATE INDEX users_created ON users(createdAt);
-- Points sold (grant), spent (spend), refunded and redeemed per day.
CREATE INDEX quota_ledger_reason_delta ON quota_ledger(reason, createdAt, delta);
-- Jobs per day by status, by site and by vendor account.
CREATE INDEX history_created_stats ON history(createdAt, status, siteId, vendorId, pointsSpent);
-- Coupons redeemed per day.
CREATE INDEX coupons_used_date ON coupons(couponUsedDate, couponQuota) WHERE couponUsedDate IS NOT NULL;
