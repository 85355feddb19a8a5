import { api } from "../../../lib/api";

/** The answer carries the key itself, once: only its hash is stored. */
export function createApiKey(keyName: string) {
  return api("create-apikey", { keyName });
}
