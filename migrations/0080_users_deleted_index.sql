-- The few soft-deleted users, for counting a name/email search without visiting every matching user:
-- searchuser counts the FTS matches that are not in this small index (see worker/src/db/users.ts).
CREATE INDEX users_deleted ON users(userId) WHERE deletedAt IS NOT NULL;
