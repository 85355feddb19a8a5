import { api, type CallInput, type ListRow } from "../../../lib/api";
import { apiForm } from "../../../lib/upload";

/** updateuser on one's own row: name, email, phone and an optional new avatar (multipart). */
export function updateOwnProfile(
  fields: Pick<CallInput<"updateuser">, "userId" | "userName" | "userEmail" | "userPhone" | "userImageNew">,
) {
  return apiForm("updateuser", fields);
}

export function changePassword(body: CallInput<"change-password">) {
  return api("change-password", body);
}

export function twoFactorSetup() {
  return api("two-factor-setup");
}

export function twoFactorEnable(body: CallInput<"two-factor-enable">) {
  return api("two-factor-enable", body);
}

export function twoFactorDisable(body: CallInput<"two-factor-disable">) {
  return api("two-factor-disable", body);
}

export type SessionRow = ListRow<"search-session">;

export function revokeSession(body: CallInput<"revoke-session">) {
  return api("revoke-session", body);
}
