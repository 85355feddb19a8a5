import { api, type ListAnswer } from "../../../lib/api";
import type { User } from "../types";

export interface UserFilters {
  search: string;
  selectedRole: string;
  selectedPlan: string;
  selectedStatus: string;
  page: number;
  limit: number;
}

export const SEARCH_USERS = "searchuser";
/** The users list's parameters and defaults (the page's and what its routes preload). */
export const USER_LIST = { limit: 10, search: "", selectedRole: "", selectedPlan: "", selectedStatus: "" };

export function searchUsers(filters: UserFilters) {
  return api<ListAnswer<User>>(SEARCH_USERS, filters);
}
