-- search-payment counts the payments of the buyers a search matches, and the payment it names by
-- reference or invoice number: its total is remembered per version of users and of payments
-- (worker/src/db/search-totals.ts, migration 0110). A payment's version is drawn anew when a payment
-- is added or removed, or changes buyer, reference or invoice number (set when it is paid).
INSERT INTO search_versions (indexName, version) VALUES ('payments', random() >> 11);

CREATE TRIGGER payments_search_insert AFTER INSERT ON payments BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'payments';
END;
CREATE TRIGGER payments_search_delete AFTER DELETE ON payments BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'payments';
END;
CREATE TRIGGER payments_search_update AFTER UPDATE OF userId, referenceId, invoiceNumber ON payments
WHEN old.userId IS NOT new.userId OR old.referenceId IS NOT new.referenceId OR old.invoiceNumber IS NOT new.invoiceNumber
BEGIN
  UPDATE search_versions SET version = random() >> 11 WHERE indexName = 'payments';
END;
