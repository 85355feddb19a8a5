import type { CallInput, ListRow } from "../../lib/api";
import type { SEARCH_ITEM } from "./api";

/** An item as the API shows it. */
export type Item = ListRow<typeof SEARCH_ITEM>;

type ItemSort = Exclude<NonNullable<CallInput<typeof SEARCH_ITEM>["sort"]>, "">;
/** Every sort the API knows (the compiler checks the list against the contract), in menu order. */
const SORTS: Record<ItemSort, true> = { newest: true, name: true, price_asc: true, price_desc: true };
export const ITEM_SORTS = Object.keys(SORTS) as ItemSort[];

/** The list's fixed defaults: after a save or delete the list goes back to them (spec section 4). */
export const ITEM_LIST_DEFAULTS = { limit: 12, search: "", sort: "newest" as string, isActive: "" };
