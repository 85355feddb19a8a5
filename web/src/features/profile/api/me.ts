import { api } from "../../../lib/api";
import type { SignInAnswer } from "../../../app/session";

export function fetchMe() {
  return api<SignInAnswer>("me");
}
