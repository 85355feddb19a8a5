export const SEARCH_SITE = "searchsite";
