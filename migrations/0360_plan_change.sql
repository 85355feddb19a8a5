-- Plan changes with proration (issue 40 item 3, docs/decisions/0027-plan-change.md): a change-plan
-- payment names the subscription it replaces. At most one such payment is open per subscription, so
-- double clicks and concurrent calls answer the one payment (the handler's NOT EXISTS is the claim; this
-- index is the second line of defence). Sorts after 0085, which rebuilt payments.
ALTER TABLE payments ADD COLUMN planChangeOf INTEGER;
CREATE UNIQUE INDEX payments_open_plan_change ON payments(planChangeOf)
  WHERE planChangeOf IS NOT NULL AND status IN ('pending', 'awaiting_confirmation');
