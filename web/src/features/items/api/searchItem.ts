import { api, type ListAnswer } from "../../../lib/api";
import type { Item } from "../types";

export const SEARCH_ITEM = "searchitem";

export const searchItem = (body: { search: string; sort: string; isActive?: string; page: number; limit: number }) =>
  api<ListAnswer<Item>>(SEARCH_ITEM, body);
