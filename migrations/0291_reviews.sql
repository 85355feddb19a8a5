-- Clients' reviews of items (decision 0020): one per client and item, moderated before the shop shows it.
-- itemId has no foreign key: a cascade from items would have to check userId against users on every
-- delete, and the test setup drops users before items. A deleted item's reviews no longer show (the
-- lists join items); users are never deleted (closure erases them in place).
CREATE TABLE reviews (
  reviewId INTEGER PRIMARY KEY,
  itemId INTEGER NOT NULL,
  userId INTEGER NOT NULL REFERENCES users(userId),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  reviewText TEXT NOT NULL CHECK (length(reviewText) BETWEEN 1 AND 2000),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'hidden')),
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (userId, itemId)
);
-- The shop's published reviews of an item (and their average); the staff list by status.
CREATE INDEX reviews_item ON reviews(itemId, status, reviewId);
CREATE INDEX reviews_status ON reviews(status, reviewId);

-- Clients write reviews (of items they hold or held: the handler checks) and read the published ones.
INSERT INTO role_rules (roleId, action, subject, inverted, conditions) VALUES
  (2, 'create', 'Review', 0, NULL),
  (2, 'read', 'Review', 0, NULL);
