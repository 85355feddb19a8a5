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
  /** Days the points stay valid once bought; "" = they never expire. */
  bundleValidDays: string;
  bundleName: string;
  bundleNameFr: string;
  bundleNameAr: string;
  bundleDesc: string;
  bundleDescFr: string;
  bundleDescAr: string;
}

/** A bundle's optional texts, per language (the API's field names). */
export const BUNDLE_TEXTS = ["bundleName", "bundleNameFr", "bundleNameAr", "bundleDesc", "bundleDescFr", "bundleDescAr"] as const;
