import { api } from "../../../lib/api";

export function revokeApiKey(apiKeyId: number) {
  return api("revoke-apikey", { apiKeyId });
}
