import { api } from "../../../lib/api";

export function deleteRole(roleId: number) {
  return api<{ message: string }>("delete-role", { roleId });
}
