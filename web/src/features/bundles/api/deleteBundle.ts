import { api } from "../../../lib/api";

export function deleteBundle(bundleId: number) {
  return api("deletebundle", { bundleId });
}
