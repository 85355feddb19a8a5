import { type CallInput } from "../../../lib/api";
import { apiForm } from "../../../lib/upload";

export type FinishJob = CallInput<"update-history">;

export function updateHistory(input: FinishJob) {
  return apiForm("update-history", input);
}
