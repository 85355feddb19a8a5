import { api } from "../../../lib/api";

export function deleteItem(itemId: number) {
  return api("deleteitem", { itemId });
}
