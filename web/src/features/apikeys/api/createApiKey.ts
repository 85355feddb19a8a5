import { api } from "../../../lib/api";
import type { ApiKeyRow } from "./apiKeys";

/** The answer carries the key itself, once: only its hash is stored. */
export function createApiKey(keyName: string) {
  return api<{ message: string; key: string; apiKey: ApiKeyRow }>("create-apikey", { keyName });
}
