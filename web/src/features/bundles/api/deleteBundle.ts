import { api } from "../../../lib/api";

export function deleteBundle(bundleId: number) {
  return api<{ message: string }>("deletebundle", { bundleId });
}
