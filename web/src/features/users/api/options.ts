import { api, type ListAnswer } from "../../../lib/api";
import type { PlanOption, RoleOption } from "../types";

/** Roles for the role filter and the drawer's role choice. */
export function searchRoleOptions() {
  return api<ListAnswer<RoleOption>>("search-role", { limit: 100 });
}

/** Items (plans) for the plan filter. */
export function searchPlanOptions() {
  return api<ListAnswer<PlanOption>>("searchitem", { limit: 100, page: 1, sort: "name" });
}
