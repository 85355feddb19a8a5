-- Sign-in attempts keyed by what counts them (decision 0014): the table is its own index, ordered by
-- (attemptKey, createdAt), so an attempt costs D1 one row written instead of two (the row and its index
-- entry). attemptId only tells apart attempts of one key in one second: random, part of the key, and within
-- 2^53 so that JavaScript holds it exactly (the Worker hands it back to delete an attempt).
CREATE TABLE login_attempts_keyed (
  attemptKey TEXT NOT NULL,
  createdAt INTEGER NOT NULL,
  attemptId INTEGER NOT NULL DEFAULT (random() & 9007199254740991),
  PRIMARY KEY (attemptKey, createdAt, attemptId)
) WITHOUT ROWID;
INSERT INTO login_attempts_keyed (attemptKey, createdAt, attemptId) SELECT attemptKey, createdAt, attemptId FROM login_attempts;
DROP TABLE login_attempts;
ALTER TABLE login_attempts_keyed RENAME TO login_attempts;
