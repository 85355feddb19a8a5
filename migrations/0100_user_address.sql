-- A user's postal address (the user view's address card, account settings): one-line texts, blank when
-- unknown. updateuser sets them; a deleted user's address is cleared with their phone.
ALTER TABLE users ADD COLUMN userAddressLine1 TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN userAddressLine2 TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN userCity TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN userPostalCode TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN userCountry TEXT NOT NULL DEFAULT '';
