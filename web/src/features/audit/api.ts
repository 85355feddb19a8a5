import type { ListRow } from "../../lib/api";

export const SEARCH_AUDIT = "search-audit";

export type AuditRow = ListRow<typeof SEARCH_AUDIT>;
