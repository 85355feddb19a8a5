import { api } from "../../../lib/api";

export const ROLES_KEY = "roles-all";

export function searchRoles() {
  return api("search-role", { limit: 100 });
}
