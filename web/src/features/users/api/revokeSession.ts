import { api } from "../../../lib/api";

export function revokeSession(userId: number, sessionId: number) {
  return api<{ message: string }>("revoke-session", { userId, sessionId });
}
