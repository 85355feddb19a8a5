import type { ListRow } from "../../lib/api";
import type { SEARCH_BUNDLE } from "./api";

/** A bundle as the API shows it. */
export type Bundle = ListRow<typeof SEARCH_BUNDLE>;

export interface BundleForm {
  bundleId: number;
  bundlePoin: string;
  bundlePPP: string;
  bundleDisc: string;
  bundleIsActive: boolean;
}
