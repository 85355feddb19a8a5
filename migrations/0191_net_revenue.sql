-- Revenue on the dashboard is net of refunds (issue 26 left it counting refunded money): a paid payment adds
-- what it kept, amount - refundedAmount, to its paid day, so a refund lowers the day of the sale it undoes.
DROP TRIGGER payments_stats_insert;
DROP TRIGGER payments_stats_delete;
DROP TRIGGER payments_stats_update;

CREATE TRIGGER payments_stats_insert AFTER INSERT ON payments BEGIN
  INSERT INTO daily_stats (day, paymentsCreated) VALUES (substr(new.createdAt, 1, 10), 1)
  ON CONFLICT (day) DO UPDATE SET paymentsCreated = paymentsCreated + 1;
  INSERT INTO daily_stats (day, paidCount, paidAmount) SELECT substr(new.paidAt, 1, 10), 1, new.amount - new.refundedAmount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET paidCount = paidCount + 1, paidAmount = paidAmount + excluded.paidAmount;
  INSERT INTO daily_payment_stats (day, status, n, amount) VALUES (substr(new.createdAt, 1, 10), new.status, 1, new.amount)
  ON CONFLICT (day, status) DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;
CREATE TRIGGER payments_stats_delete AFTER DELETE ON payments BEGIN
  UPDATE daily_stats SET paymentsCreated = paymentsCreated - 1 WHERE day = substr(old.createdAt, 1, 10);
  UPDATE daily_stats SET paidCount = paidCount - 1, paidAmount = paidAmount - (old.amount - old.refundedAmount)
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  UPDATE daily_payment_stats SET n = n - 1, amount = amount - old.amount
  WHERE day = substr(old.createdAt, 1, 10) AND status = old.status;
END;
CREATE TRIGGER payments_stats_update AFTER UPDATE OF status, amount, paidAt, refundedAmount ON payments
WHEN old.status IS NOT new.status OR old.amount IS NOT new.amount OR old.paidAt IS NOT new.paidAt
  OR old.refundedAmount IS NOT new.refundedAmount
BEGIN
  UPDATE daily_stats SET paidCount = paidCount - 1, paidAmount = paidAmount - (old.amount - old.refundedAmount)
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10);
  INSERT INTO daily_stats (day, paidCount, paidAmount) SELECT substr(new.paidAt, 1, 10), 1, new.amount - new.refundedAmount
  WHERE new.paidAt IS NOT NULL
  ON CONFLICT (day) DO UPDATE SET paidCount = paidCount + 1, paidAmount = paidAmount + excluded.paidAmount;
  UPDATE daily_payment_stats SET n = n - 1, amount = amount - old.amount
  WHERE day = substr(old.createdAt, 1, 10) AND status = old.status;
  INSERT INTO daily_payment_stats (day, status, n, amount) VALUES (substr(new.createdAt, 1, 10), new.status, 1, new.amount)
  ON CONFLICT (day, status) DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;

-- What refunds already gave back, off the days of the sales they undid.
UPDATE daily_stats SET paidAmount = paidAmount - (
  SELECT coalesce(sum(p.refundedAmount), 0) FROM payments AS p
  WHERE p.paidAt IS NOT NULL AND substr(p.paidAt, 1, 10) = daily_stats.day
);
