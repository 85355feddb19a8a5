-- Indexes for the filter pairs the lists offer, so a page walks only rows that match (its total comes
-- from a counter of migration 0090): users by role and status, jobs by owner, site or vendor account
-- and status, payments by buyer and status, the audit log by outcome, used coupons newest first.
CREATE INDEX users_role_status ON users(userRole, userIsActive, userId);
CREATE INDEX history_user_status ON history(userId, status, createdAt);
CREATE INDEX history_site_status ON history(siteId, status, createdAt);
CREATE INDEX history_vendor_status ON history(vendorId, status, createdAt);
CREATE INDEX payments_user_status ON payments(userId, status, createdAt);
CREATE INDEX audit_outcome ON audit_log(outcome, createdAt);
CREATE INDEX coupons_used_newest ON coupons(couponUsed, createdAt);
