import type { ListRow } from "../../../lib/api";

export const SEARCH_APIKEYS = "search-apikey";

export type ApiKeyRow = ListRow<typeof SEARCH_APIKEYS>;
