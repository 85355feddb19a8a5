import type { ListRow } from "../../../lib/api";

export const SEARCH_OUTBOX = "search-outbox";

export type OutboxRow = ListRow<typeof SEARCH_OUTBOX>;
