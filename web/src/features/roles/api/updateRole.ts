import { api } from "../../../lib/api";
import type { Action, Subject } from "../types";

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
