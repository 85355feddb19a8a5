import type { ListRow } from "../../lib/api";

export const SEARCH_REFERRAL = "search-referral";

/** A referral as the staff list shows it: the contract's row, never copied by hand. */
export type Referral = ListRow<typeof SEARCH_REFERRAL>;
