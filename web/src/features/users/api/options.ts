import { api } from "../../../lib/api";

/** Roles for the role filter and the drawer's role choice. */
export function searchRoleOptions() {
  return api("search-role", { limit: 100 });
}

/** Items (plans) for the plan filter. */
export function searchPlanOptions() {
  return api("searchitem", { limit: 100, page: 1, sort: "name" });
}
