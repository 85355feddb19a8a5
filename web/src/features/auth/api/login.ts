import { api, type CallAnswer, type CallInput } from "../../../lib/api";

export type LoginAnswer = CallAnswer<"login">;

export function login(body: CallInput<"login">) {
  return api("login", body);
}
