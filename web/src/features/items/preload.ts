export const SEARCH_ITEM = "searchitem";

/** What the shop sends searchitem: its search, sort and page; managers see it as buyers do (active items). */
export function shopListBody(params: { search: string; sort: string; page: number; limit: number }, canManage: boolean) {
  const body = { search: params.search, sort: params.sort, page: params.page, limit: params.limit };
  return canManage ? { ...body, isActive: "active" } : body;
}
