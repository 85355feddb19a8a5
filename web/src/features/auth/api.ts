import { api, type CallInput, type CallAnswer } from "../../lib/api";

export function register(body: CallInput<"register">) {
  return api("register", body);
}

export function twoSteps(body: CallInput<"two-steps">) {
  return api("two-steps", body);
}

export function forgotPassword(body: CallInput<"forgot-password">) {
  return api("forgot-password", body);
}

export function resetPassword(body: CallInput<"reset-password">) {
  return api("reset-password", body);
}

export function verifyEmail(body: CallInput<"verify-email">) {
  return api("verify-email", body);
}

export function resendVerification() {
  return api("resend-verification");
}

export type LoginAnswer = CallAnswer<"login">;

export function login(body: CallInput<"login">) {
  return api("login", body);
}
