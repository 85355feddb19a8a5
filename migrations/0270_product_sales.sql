-- Sales per product and day (issue 41 item 5): the store dashboard's top products, read like the other
-- roll-ups of migration 0190 (one row per day and product sold, whatever the size of payments). A paid
-- payment adds its lines (qty and lineTotal, grouped by kind and refId) to its paid day; a payment that
-- stops being paid (or is deleted) takes them back. Lines are frozen at checkout and never change.
-- Refunds do not move these rows: revenue net of refunds is daily_stats.paidAmount (migration 0191).
CREATE TABLE daily_product_stats (
  day TEXT NOT NULL,
  kind TEXT NOT NULL,
  refId INTEGER NOT NULL,
  qty INTEGER NOT NULL DEFAULT 0,
  amount INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, kind, refId)
) WITHOUT ROWID;

CREATE TRIGGER payments_product_stats_insert AFTER INSERT ON payments WHEN new.paidAt IS NOT NULL BEGIN
  INSERT INTO daily_product_stats (day, kind, refId, qty, amount)
  SELECT substr(new.paidAt, 1, 10), json_extract(l.value, '$.kind'), json_extract(l.value, '$.refId'),
    sum(json_extract(l.value, '$.qty')), sum(json_extract(l.value, '$.lineTotal'))
  FROM json_each(new.lines) AS l WHERE true GROUP BY 2, 3
  ON CONFLICT (day, kind, refId) DO UPDATE SET qty = qty + excluded.qty, amount = amount + excluded.amount;
END;
CREATE TRIGGER payments_product_stats_delete AFTER DELETE ON payments WHEN old.paidAt IS NOT NULL BEGIN
  UPDATE daily_product_stats SET
    qty = qty - (SELECT sum(json_extract(l.value, '$.qty')) FROM json_each(old.lines) AS l
      WHERE json_extract(l.value, '$.kind') = daily_product_stats.kind AND json_extract(l.value, '$.refId') = daily_product_stats.refId),
    amount = amount - (SELECT sum(json_extract(l.value, '$.lineTotal')) FROM json_each(old.lines) AS l
      WHERE json_extract(l.value, '$.kind') = daily_product_stats.kind AND json_extract(l.value, '$.refId') = daily_product_stats.refId)
  WHERE day = substr(old.paidAt, 1, 10) AND EXISTS (SELECT 1 FROM json_each(old.lines) AS l
    WHERE json_extract(l.value, '$.kind') = daily_product_stats.kind AND json_extract(l.value, '$.refId') = daily_product_stats.refId);
END;
CREATE TRIGGER payments_product_stats_update AFTER UPDATE OF paidAt ON payments WHEN old.paidAt IS NOT new.paidAt BEGIN
  UPDATE daily_product_stats SET
    qty = qty - (SELECT sum(json_extract(l.value, '$.qty')) FROM json_each(old.lines) AS l
      WHERE json_extract(l.value, '$.kind') = daily_product_stats.kind AND json_extract(l.value, '$.refId') = daily_product_stats.refId),
    amount = amount - (SELECT sum(json_extract(l.value, '$.lineTotal')) FROM json_each(old.lines) AS l
      WHERE json_extract(l.value, '$.kind') = daily_product_stats.kind AND json_extract(l.value, '$.refId') = daily_product_stats.refId)
  WHERE old.paidAt IS NOT NULL AND day = substr(old.paidAt, 1, 10) AND EXISTS (SELECT 1 FROM json_each(old.lines) AS l
    WHERE json_extract(l.value, '$.kind') = daily_product_stats.kind AND json_extract(l.value, '$.refId') = daily_product_stats.refId);
  INSERT INTO daily_product_stats (day, kind, refId, qty, amount)
  SELECT substr(new.paidAt, 1, 10), json_extract(l.value, '$.kind'), json_extract(l.value, '$.refId'),
    sum(json_extract(l.value, '$.qty')), sum(json_extract(l.value, '$.lineTotal'))
  FROM json_each(new.lines) AS l WHERE new.paidAt IS NOT NULL GROUP BY 2, 3
  ON CONFLICT (day, kind, refId) DO UPDATE SET qty = qty + excluded.qty, amount = amount + excluded.amount;
END;

-- The payments already paid.
INSERT INTO daily_product_stats (day, kind, refId, qty, amount)
SELECT substr(p.paidAt, 1, 10), json_extract(l.value, '$.kind'), json_extract(l.value, '$.refId'),
  sum(json_extract(l.value, '$.qty')), sum(json_extract(l.value, '$.lineTotal'))
FROM payments AS p, json_each(p.lines) AS l WHERE p.paidAt IS NOT NULL GROUP BY 1, 2, 3;

-- Each customer's totals (search-customer): what their paid payments kept after refunds, how many were
-- paid and when their latest payment was made, kept by triggers so that a page of customers reads one
-- row per customer, however many payments each has. A payment's userId never changes.
CREATE TABLE customer_totals (
  userId INTEGER PRIMARY KEY,
  lifetimeValue INTEGER NOT NULL DEFAULT 0,
  orders INTEGER NOT NULL DEFAULT 0,
  lastOrderAt TEXT
);
CREATE TRIGGER payments_customer_insert AFTER INSERT ON payments BEGIN
  INSERT INTO customer_totals (userId, lifetimeValue, orders, lastOrderAt)
  VALUES (new.userId, iif(new.paidAt IS NULL, 0, new.amount - new.refundedAmount), new.paidAt IS NOT NULL, new.createdAt)
  ON CONFLICT (userId) DO UPDATE SET lifetimeValue = lifetimeValue + excluded.lifetimeValue,
    orders = orders + excluded.orders, lastOrderAt = max(coalesce(lastOrderAt, ''), excluded.lastOrderAt);
END;
CREATE TRIGGER payments_customer_update AFTER UPDATE OF amount, paidAt, refundedAmount ON payments
WHEN old.amount IS NOT new.amount OR old.paidAt IS NOT new.paidAt OR old.refundedAmount IS NOT new.refundedAmount
BEGIN
  UPDATE customer_totals SET
    lifetimeValue = lifetimeValue - iif(old.paidAt IS NULL, 0, old.amount - old.refundedAmount)
      + iif(new.paidAt IS NULL, 0, new.amount - new.refundedAmount),
    orders = orders - (old.paidAt IS NOT NULL) + (new.paidAt IS NOT NULL)
  WHERE userId = new.userId;
END;
CREATE TRIGGER payments_customer_delete AFTER DELETE ON payments BEGIN
  UPDATE customer_totals SET
    lifetimeValue = lifetimeValue - iif(old.paidAt IS NULL, 0, old.amount - old.refundedAmount),
    orders = orders - (old.paidAt IS NOT NULL),
    lastOrderAt = (SELECT max(createdAt) FROM payments WHERE userId = old.userId)
  WHERE userId = old.userId;
END;
INSERT INTO customer_totals (userId, lifetimeValue, orders, lastOrderAt)
SELECT userId, sum(iif(paidAt IS NULL, 0, amount - refundedAmount)), count(paidAt), max(createdAt) FROM payments GROUP BY userId;

-- An order's timeline (search-order-event): the audit rows about payments, by reference. Partial, so the
-- other audit rows (sign-ins, most of them) cost no index entry.
CREATE INDEX audit_payment ON audit_log(subjectId) WHERE subject = 'Payment';
