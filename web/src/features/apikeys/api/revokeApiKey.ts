import { api } from "../../../lib/api";

export function revokeApiKey(apiKeyId: number) {
  return api<{ message: string }>("revoke-apikey", { apiKeyId });
}
