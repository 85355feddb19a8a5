import { api, type CallInput } from "../../../lib/api";

// Apart from login.ts: only the passkey chunks import these, so /login's first load carries none of them.

export function passkeyLoginOptions() {
  return api("passkey-login-options");
}

export function passkeyLogin(body: CallInput<"passkey-login">) {
  return api("passkey-login", body);
}

export function twoStepsPasskeyOptions(body: CallInput<"two-steps-passkey-options">) {
  return api("two-steps-passkey-options", body);
}

export function twoStepsPasskey(body: CallInput<"two-steps-passkey">) {
  return api("two-steps-passkey", body);
}
