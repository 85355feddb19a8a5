import { sql } from "kysely";
import { likeAnywhere, type DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";

/**
 * search-role as a list (db/list.ts): built-in roles first, then by id; each with its live users (the
 * 'role:<name>' counter of migration 0190) and, as a second read of the same round trip, the rules of
 * every role the search matches (roles are few).
 */
export function roleList(db: DB, search: string): { query: AnySelect } & Omit<ListOptions, "window"> {
  let roles = db.selectFrom("roles");
  if (search) roles = roles.where(sql<boolean>`roleName LIKE ${likeAnywhere(search)} ESCAPE '\\'`);
  const query = roles.select([
    "roleId",
    "roleName",
    "roleDesc",
    "builtIn",
    "createdAt",
    sql<number>`coalesce((SELECT counterValue FROM counters WHERE counterName = 'role:' || roles.roleName), 0)`.as("userCount"),
  ]);
  const rules = db
    .selectFrom("role_rules")
    .select(["roleId", "action", "subject", "inverted", "conditions"])
    .where("roleId", "in", roles.select("roleId"))
    // By role first: the role_rules_role index answers in this order.
    .orderBy("roleId")
    .orderBy("ruleId");
  return {
    query,
    order: [
      ["builtIn", "desc"],
      ["roleId", "asc"],
    ],
    with: [rules],
  };
}
