-- The referral share on the store dashboards (issue 41 item 5, decision 0018): per day, how many of the
-- accounts created that day were referred (referredUsers, counted on the referee's sign-up day, the day
-- newUsers counts them) and what referred clients' paid payments kept after refunds (referredPaidAmount,
-- on the paid day, like paidAmount). A referral row is never deleted in practice; the triggers undo it anyway.
ALTER TABLE daily_stats ADD COLUMN referredUsers INTEGER NOT NULL DEFAULT 0;
ALTER TABLE daily_stats ADD COLUMN referredPaidAmount INTEGER NOT NULL DEFAULT 0;

-- A new tie counts the referee, and any payment already paid (the rules forbid one; the figure stays exact).
CREATE TRIGGER referrals_stats_insert AFTER INSERT ON referrals BEGIN
  INSERT INTO daily_stats (day, referredUsers) SELECT substr(u.createdAt, 1, 10), 1 FROM users AS u
  WHERE u.userId = new.refereeId
  ON CONFLICT (day) DO UPDATE SET referredUsers = referredUsers + 1;
  INSERT INTO daily_stats (day, referredPaidAmount)
  SELECT substr(p.paidAt, 1, 10), sum(p.amount - p.refundedAmount) FROM payments AS p
  WHERE p.userId = new.refereeId AND p.paidAt IS NOT NULL GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET referredPaidAmount = referredPaidAmount + excluded.referredPaidAmount;
END;
CREATE TRIGGER referrals_stats_delete AFTER DELETE ON referrals BEGIN
  UPDATE daily_stats SET referredUsers = referredUsers - 1
  WHERE day = (SELECT substr(u.createdAt, 1, 10) FROM users AS u WHERE u.userId = old.refereeId);
  UPDATE daily_stats SET referredPaidAmount = referredPaidAmount - (
    SELECT coalesce(sum(p.amount - p.refundedAmount), 0) FROM payments AS p
    WHERE p.userId = old.refereeId AND p.paidAt IS NOT NULL AND substr(p.paidAt, 1, 10) = daily_stats.day
  ) WHERE day IN (SELECT substr(p.paidAt, 1, 10) FROM payments AS p WHERE p.userId = old.refereeId AND p.paidAt IS NOT NULL);
END;

-- A referred client's payment moves referredPaidAmount as migration 0191's triggers move paidAmount.
CREATE TRIGGER payments_referred_insert AFTER INSERT ON payments
WHEN new.paidAt IS NOT NULL AND EXISTS (SELECT 1 FROM referrals WHERE refereeId = new.userId)
BEGIN
  INSERT INTO daily_stats (day, referredPaidAmount) VALUES (substr(new.paidAt, 1, 10), new.amount - new.refundedAmount)
  ON CONFLICT (day) DO UPDATE SET referredPaidAmount = referredPaidAmount + excluded.referredPaidAmount;
END;
CREATE TRIGGER payments_referred_delete AFTER DELETE ON payments
WHEN old.paidAt IS NOT NULL AND EXISTS (SELECT 1 FROM referrals WHERE refereeId = old.userId)
BEGIN
  UPDATE daily_stats SET referredPaidAmount = referredPaidAmount - (old.amount - old.refundedAmount)
  WHERE day = substr(old.paidAt, 1, 10);
END;
CREATE TRIGGER payments_referred_update AFTER UPDATE OF amount, paidAt, refundedAmount ON payments
WHEN (old.amount IS NOT new.amount OR old.paidAt IS NOT new.paidAt OR old.refundedAmount IS NOT new.refundedAmount)
  AND EXISTS (SELECT 1 FROM referrals WHERE refereeId = new.userId)
BEGIN
  UPDATE daily_stats SET referredPaidAmount = referredPaidAmount - (old.amount - old.refundedAmount)
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  INSERT INTO daily_stats (day, referredPaidAmount) SELECT substr(new.paidAt, 1, 10), new.amount - new.refundedAmount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET referredPaidAmount = referredPaidAmount + excluded.referredPaidAmount;
END;

-- The referrals and referred payments already there.
INSERT INTO daily_stats (day, referredUsers)
SELECT substr(u.createdAt, 1, 10), count(*) FROM referrals AS r JOIN users AS u ON u.userId = r.refereeId GROUP BY 1
ON CONFLICT (day) DO UPDATE SET referredUsers = excluded.referredUsers;
INSERT INTO daily_stats (day, referredPaidAmount)
SELECT substr(p.paidAt, 1, 10), sum(p.amount - p.refundedAmount) FROM payments AS p JOIN referrals AS r ON r.refereeId = p.userId
WHERE p.paidAt IS NOT NULL GROUP BY 1
ON CONFLICT (day) DO UPDATE SET referredPaidAmount = excluded.referredPaidAmount;
