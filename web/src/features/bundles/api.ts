/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
import { api, type CallInput } from "../../lib/api";

export function deleteBundle(bundleId: number) {
  return api("deletebundle", { bundleId });
}

export function updateBundle(body: CallInput<"updatebundle">) {
  return api("updatebundle", body);
}
