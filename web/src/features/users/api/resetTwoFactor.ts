import { api } from "../../../lib/api";

export function resetTwoFactor(userId: number) {
  return api("reset-two-factor", { userId });
}
