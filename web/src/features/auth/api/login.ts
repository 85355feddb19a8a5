import { api } from "../../../lib/api";
import type { SignInAnswer } from "../../../app/session";

export type LoginAnswer = (SignInAnswer & { message: string }) | { twoFactorRequired: true; challenge: string };

export function login(body: { email: string; password: string; rememberMe: boolean }) {
  return api<LoginAnswer>("login", body);
}
