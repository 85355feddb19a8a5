/** An item as the API shows it (API.md Entities). */
export interface Item {
  itemId: number;
  itemName: string;
  itemDesc: string;
  itemPrice: number;
  itemDuration: number;
  itemUrl: string;
  itemImage: string | null;
  itemFile: string | null;
  itemIsActive: boolean;
  createdAt: string;
}

export const ITEM_SORTS = ["newest", "name", "price_asc", "price_desc"] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/** The list's fixed defaults: after a save or delete the list goes back to them (spec section 4). */
export const ITEM_LIST_DEFAULTS = { limit: 12, search: "", sort: "newest" as string, isActive: "" };
