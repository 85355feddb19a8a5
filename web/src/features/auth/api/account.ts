import type { SignInAnswer } from "../../../app/session";
import { api } from "../../../lib/api";

type Message = { message: string };

export function register(body: { userName: string; userEmail: string; password: string; userPhone?: string }) {
  return api<SignInAnswer & Message>("register", body);
}

export function twoSteps(body: { challenge: string; code: string }) {
  return api<SignInAnswer & Message>("two-steps", body);
}

export function forgotPassword(body: { email: string }) {
  return api<Message>("forgot-password", body);
}

export function resetPassword(body: { token: string; password: string }) {
  return api<Message>("reset-password", body);
}

export function verifyEmail(body: { token: string }) {
  return api<Message>("verify-email", body);
}

export function resendVerification() {
  return api<Message>("resend-verification");
}
