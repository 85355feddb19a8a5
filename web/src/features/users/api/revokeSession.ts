import { api } from "../../../lib/api";

export function revokeSession(userId: number, sessionId: number) {
  return api("revoke-session", { userId, sessionId });
}
