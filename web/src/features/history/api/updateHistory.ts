import { apiForm, type CallInput } from "../../../lib/api";

export type FinishJob = CallInput<"update-history">;

export function updateHistory(input: FinishJob) {
  return apiForm("update-history", input);
}
