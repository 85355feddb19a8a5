-- One random token per grant attempt: the conditional UPDATE that marks a payment paid (or a coupon
-- used) writes it, and every later statement of the same batch runs only where the row carries it.
-- So a replay, a double click or two racing confirmations grant once, whatever their timestamps.
ALTER TABLE payments ADD COLUMN grantToken TEXT;
ALTER TABLE coupons ADD COLUMN redeemToken TEXT;
