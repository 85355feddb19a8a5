import { api } from "../../../lib/api";

export function adjustQuota(body: { userId: number; delta: number; reason: string }) {
  return api<{ message: string; userQuota: number }>("adjust-quota", body);
}
