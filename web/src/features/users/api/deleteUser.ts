import { api } from "../../../lib/api";

export function deleteUser(userId: number) {
  return api<{ message: string }>("deleteuser", { userId });
}
