import type { UserData } from "../../../app/session";
import { api, toFormData, type ListAnswer } from "../../../lib/api";

type Message = { message: string };

export interface UpdateUserAnswer extends Message {
  user: Omit<UserData, "role">;
  newImage: string | null;
}

/** updateuser on one's own row: name, email, phone and an optional new avatar (multipart). */
export function updateOwnProfile(fields: {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userImageNew?: File | null;
}) {
  return api<UpdateUserAnswer>("updateuser", toFormData(fields));
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return api<Message>("change-password", body);
}

export function twoFactorSetup() {
  return api<{ secret: string; otpauthUrl: string }>("two-factor-setup");
}

export function twoFactorEnable(body: { code: string }) {
  return api<Message>("two-factor-enable", body);
}

export function twoFactorDisable(body: { password: string }) {
  return api<Message>("two-factor-disable", body);
}

export interface SessionRow {
  sessionId: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  rememberMe: boolean;
  current: boolean;
}

export type SessionList = ListAnswer<SessionRow>;

export function revokeSession(body: { sessionId: number }) {
  return api<Message>("revoke-session", body);
}
