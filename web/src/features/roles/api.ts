import { uploadWithProgress } from "../../lib/upload";
import type { UserDrawerValues } from "../../components/UserDrawer";
import { api } from "../../lib/api";
import type { Action, Subject } from "./types";

/** The roles page's "add new user": updateuser (multipart, userId 0) with the avatar's upload progress. */
export function addUser(values: UserDrawerValues, onProgress: (fraction: number) => void) {
  return uploadWithProgress("updateuser", values, onProgress);
}

export function deleteRole(roleId: number) {
  return api("delete-role", { roleId });
}

export const ROLES_KEY = "roles-all";

export function searchRoles() {
  return api("search-role", { limit: 100 });
}

/** The role dialog's form: what update-role takes, with each rule's `inverted` a plain boolean. */
export interface RoleInput {
  roleId: number;
  roleName: string;
  roleDesc: string;
  rules: { action: Action; subject: Subject; inverted: boolean }[];
}

export function updateRole(input: RoleInput) {
  return api("update-role", input);
}
