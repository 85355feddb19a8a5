import type { ListRow } from "../../lib/api";

/** A job as search-history answers it. */
export type HistoryEntry = ListRow<"search-history">;

/** 0 queued, 1 done, 2 failed. */
export type JobStatus = HistoryEntry["fileData"]["status"];
