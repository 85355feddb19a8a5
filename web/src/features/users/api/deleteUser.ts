import { api } from "../../../lib/api";

export function deleteUser(userId: number) {
  return api("deleteuser", { userId });
}
