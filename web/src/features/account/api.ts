import { api, type CallInput, type ListRow } from "../../lib/api";
import { apiForm } from "../../lib/upload";

/** The Worker's image limit (UPLOAD_MAX.image, checked by the bytes there); checked here first so the user hears it at once. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** updateuser on one's own row: name, email, phone, address fields and an optional new avatar (multipart). */
export function updateOwnProfile(
  fields: Pick<
    CallInput<"updateuser">,
    | "userId"
    | "userName"
    | "userEmail"
    | "userPhone"
    | "userImageNew"
    | "userAddressLine1"
    | "userAddressLine2"
    | "userCity"
    | "userPostalCode"
    | "userCountry"
  >,
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

export function makeRecoveryCodes(body: CallInput<"two-factor-recovery-codes">) {
  return api("two-factor-recovery-codes", body);
}

export function exportMyData() {
  return api("export-my-data");
}

export function closeAccount(body: CallInput<"close-account">) {
  return api("close-account", body);
}

export type SessionRow = ListRow<"search-session">;
/** A view-as of the caller's account, for the security tab. */
export type ViewAsRow = ListRow<"search-view-as">;

export function revokeSession(body: CallInput<"revoke-session">) {
  return api("revoke-session", body);
}

export type PasskeyRow = ListRow<"search-passkey">;

export function passkeyRegisterOptions(body: CallInput<"passkey-register-options">) {
  return api("passkey-register-options", body);
}

export function passkeyRegister(body: CallInput<"passkey-register">) {
  return api("passkey-register", body);
}

export function deletePasskey(body: CallInput<"delete-passkey">) {
  return api("delete-passkey", body);
}
