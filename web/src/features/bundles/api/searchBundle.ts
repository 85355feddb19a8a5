export const SEARCH_BUNDLE = "searchbundle";
