import { api } from "../../../lib/api";
import type { Role } from "../types";

export interface RoleInput {
  roleId: number;
  roleName: string;
  roleDesc: string;
  rules: { action: string; subject: string; inverted: boolean }[];
}

export function updateRole(input: RoleInput) {
  return api<{ message: string; role: Role }>("update-role", input);
}
