import { type ListRow, api } from "../../lib/api";

export const SEARCH_APIKEYS = "search-apikey";

export type ApiKeyRow = ListRow<typeof SEARCH_APIKEYS>;

/** The answer carries the key itself, once: only its hash is stored. */
export function createApiKey(keyName: string) {
  return api("create-apikey", { keyName });
}

export function revokeApiKey(apiKeyId: number) {
  return api("revoke-apikey", { apiKeyId });
}
