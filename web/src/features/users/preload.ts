import { api } from "../../lib/api";

/** The SWR keys of the options (the list preloads them with its first page: users/index.ts). */
export const ROLE_OPTIONS_KEY = "user-role-options";
export const PLAN_OPTIONS_KEY = "user-plan-options";

/** Roles for the role filter and the drawer's role choice. */
export function searchRoleOptions() {
  return api("search-role", { limit: 100 });
}

/** Items (plans) for the plan filter. */
export function searchPlanOptions() {
  return api("searchitem", { limit: 100, page: 1, sort: "name" });
}

export const SEARCH_USERS = "searchuser";
/** The users list's parameters and defaults (the page's and what its routes preload). */
export const USER_LIST = { limit: 10, search: "", selectedRole: "", selectedPlan: "", selectedStatus: "" };
