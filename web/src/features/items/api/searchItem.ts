export const SEARCH_ITEM = "searchitem";
