import { api, toFormData } from "../../../lib/api";
import type { HistoryEntry } from "../types";

export interface FinishJob {
  uniqueId: string;
  status: 1 | 2;
  similarity?: number;
  report?: File | null;
}

export function updateHistory(input: FinishJob) {
  return api<{ message: string; history: HistoryEntry }>("update-history", toFormData({ ...input }));
}
