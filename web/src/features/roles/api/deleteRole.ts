import { api } from "../../../lib/api";

export function deleteRole(roleId: number) {
  return api("delete-role", { roleId });
}
