import { api } from "../../../lib/api";
import type { Bundle } from "../types";

export function updateBundle(body: {
  bundleId: number;
  bundlePoin: number;
  bundlePPP: number;
  bundleDisc: number;
  bundleIsActive: boolean;
}) {
  return api<{ message: string; bundle: Bundle }>("updatebundle", body);
}
