-- A version per text-search index, drawn anew by every write that can change what a search of it
-- matches (a row added or removed, a searched column changed, a user deleted or restored: user searches
-- skip deleted users). A search total counted at version v holds wherever the version is v, so an
-- isolate may keep it and skip the count (worker/src/db/search-totals.ts). A version is a random 53-bit
-- number (exact in JavaScript), not a count: a database restored to an earlier point, or another
-- database (each test file starts from an empty one), never reaches a version with other rows behind
-- it. Triggers draw it inside the writing statement, as the counters of 0090 are kept: in the same
-- transaction as the rows.
CREATE TABLE search_versions (
  indexName TEXT PRIMARY KEY,
  version INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO search_versions (indexName, version)
VALUES ('users', random() >> 11), ('coupons', random() >> 11), ('history', random() >> 11),
  ('audit', random() >> 11);

CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'users';
END;
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'users';
END;
CREATE TRIGGER users_search_update AFTER UPDATE OF userName, userEmail, deletedAt ON users
WHEN old.userName IS NOT new.userName OR old.userEmail IS NOT new.userEmail OR old.deletedAt IS NOT new.deletedAt
BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'users';
END;

CREATE TRIGGER coupons_search_insert AFTER INSERT ON coupons BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'coupons';
END;
CREATE TRIGGER coupons_search_delete AFTER DELETE ON coupons BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'coupons';
END;
CREATE TRIGGER coupons_search_update AFTER UPDATE OF couponCode ON coupons WHEN old.couponCode IS NOT new.couponCode BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'coupons';
END;

CREATE TRIGGER history_search_insert AFTER INSERT ON history BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'history';
END;
CREATE TRIGGER history_search_delete AFTER DELETE ON history BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'history';
END;
CREATE TRIGGER history_search_update AFTER UPDATE OF fileName, siteName, vendorName ON history
WHEN old.fileName IS NOT new.fileName OR old.siteName IS NOT new.siteName OR old.vendorName IS NOT new.vendorName
BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'history';
END;

CREATE TRIGGER audit_search_insert AFTER INSERT ON audit_log BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'audit';
END;
CREATE TRIGGER audit_search_delete AFTER DELETE ON audit_log BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'audit';
END;
CREATE TRIGGER audit_search_update AFTER UPDATE OF action, actorEmail, subject ON audit_log
WHEN old.action IS NOT new.action OR old.actorEmail IS NOT new.actorEmail OR old.subject IS NOT new.subject
BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'audit';
END;
