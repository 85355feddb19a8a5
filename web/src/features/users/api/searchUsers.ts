export const SEARCH_USERS = "searchuser";
