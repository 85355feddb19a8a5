-- Store settings an admin edits (issue 41 item 2; docs/decisions/0019-store-settings.md).
--
-- store_settings holds one row per setting an admin has changed; a setting without a row is wrangler.toml's
-- var (the default). One row per key, not one JSON document: two admins saving different fields at once
-- each upsert their own rows and neither overwrites the other's, and the audit row names what changed.
-- settingValue is the value as JSON (a string, a number, a boolean or null).
--
-- payments gains sellerJson: the seller block (site name, seller party, bank) frozen when the invoice is
-- issued (the payment marked paid), so a later change of the settings never rewrites an issued invoice.
-- Invoices issued before this migration have none and show the settings in force, as they did.

CREATE TABLE store_settings (
  settingKey TEXT PRIMARY KEY,
  settingValue TEXT NOT NULL CHECK (json_valid(settingValue)),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedBy INTEGER REFERENCES users(userId) ON DELETE SET NULL
) WITHOUT ROWID;

ALTER TABLE payments ADD COLUMN sellerJson TEXT;
