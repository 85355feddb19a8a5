import type { ListRow } from "../../../lib/api";

/** A finished job as search-history answers it. */
export type FinishedJob = ListRow<"search-history">;

/** An item the caller holds an active subscription to (search-downloads). */
export type SubscribedItem = ListRow<"search-downloads">;
