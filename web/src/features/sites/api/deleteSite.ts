import { api } from "../../../lib/api";

export function deleteSite(siteId: number) {
  return api("deletesite", { siteId });
}
