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

export function searchUsers(filters: UserFilters) {
  return api<ListAnswer<User>>(SEARCH_USERS, filters);
}
