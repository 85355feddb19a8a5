/** A job as search-history answers it (API.md History). */
export interface HistoryEntry {
  historyId: number;
  userId: number;
  userName: string;
  siteId: number | null;
  siteName: string;
  vendorId: number | null;
  vendorName: string;
  fileName: string;
  pointsSpent: number;
  createdAt: string;
  updatedAt: string;
  hasReport: boolean;
  fileData: { uniqueId: string; status: JobStatus; similarity: number | null };
}

/** 0 queued, 1 done, 2 failed. */
export type JobStatus = 0 | 1 | 2;
