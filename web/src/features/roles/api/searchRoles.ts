import { api, type ListAnswer } from "../../../lib/api";
import type { Role } from "../types";

export const ROLES_KEY = "roles-all";

export function searchRoles() {
  return api<ListAnswer<Role>>("search-role", { limit: 100 });
}
