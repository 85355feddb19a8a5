import { api } from "../../../lib/api";

export function resetTwoFactor(userId: number) {
  return api<{ message: string }>("reset-two-factor", { userId });
}
