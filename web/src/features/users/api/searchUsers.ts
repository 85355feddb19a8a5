export const SEARCH_USERS = "searchuser";
/** The users list's parameters and defaults (the page's and what its routes preload). */
export const USER_LIST = { limit: 10, search: "", selectedRole: "", selectedPlan: "", selectedStatus: "" };
