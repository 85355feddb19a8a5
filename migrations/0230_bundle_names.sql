-- A bundle may carry a name and a short description (issue 45: three identical "10 points $10.00" cards),
-- optional and per language: English, French and Arabic. Empty means none (pages then show the points);
-- a language left empty falls back to the English text.
ALTER TABLE bundles ADD COLUMN bundleName TEXT NOT NULL DEFAULT '';
ALTER TABLE bundles ADD COLUMN bundleNameFr TEXT NOT NULL DEFAULT '';
ALTER TABLE bundles ADD COLUMN bundleNameAr TEXT NOT NULL DEFAULT '';
ALTER TABLE bundles ADD COLUMN bundleDesc TEXT NOT NULL DEFAULT '';
ALTER TABLE bundles ADD COLUMN bundleDescFr TEXT NOT NULL DEFAULT '';
ALTER TABLE bundles ADD COLUMN bundleDescAr TEXT NOT NULL DEFAULT '';
