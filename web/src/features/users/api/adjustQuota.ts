import { api, type CallInput } from "../../../lib/api";

export function adjustQuota(body: CallInput<"adjust-quota">) {
  return api("adjust-quota", body);
}
