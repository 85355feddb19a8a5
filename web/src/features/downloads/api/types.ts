/** A finished job as search-history answers it (the fields this page shows). */
export interface FinishedJob {
  historyId: number;
  siteName: string;
  fileName: string;
  updatedAt: string;
  hasReport: boolean;
  fileData: { uniqueId: string; status: number; similarity: number | null };
}

/** An item the caller holds an active subscription to (search-downloads). */
export interface SubscribedItem {
  itemId: number;
  itemName: string;
  itemUrl: string;
  itemFile: string | null;
  endsAt: string;
}
