import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";

export const KEY_COLUMNS = [
  "k.apiKeyId",
  "k.keyName",
  "k.keyPrefix",
  "k.scope",
  "k.createdAt",
  "k.lastUsedAt",
  "k.revokedAt",
] as const;

/** search-apikey as a list (db/list.ts): newest keys first, with their creator's name. Keys are few. */
export function apiKeyList(db: DB): { query: AnySelect } & Omit<ListOptions, "window"> {
  return {
    query: db
      .selectFrom("api_keys as k")
      .leftJoin("users as u", "u.userId", "k.createdBy")
      .select([...KEY_COLUMNS, "u.userName as createdByName"]),
    order: [["k.createdAt", "desc"]],
  };
}
