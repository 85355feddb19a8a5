export const SEARCH_APIKEYS = "search-apikey";

export interface ApiKeyRow {
  apiKeyId: number;
  keyName: string;
  keyPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdByName?: string | null;
}
