import type { ListRow } from "../../lib/api";
import type { SEARCH_SITE } from "./api";

/** A site as the API shows it. */
export type Site = ListRow<typeof SEARCH_SITE>;

/** The fields the spec requires non-blank, in form order (spec section 5). */
export const REQUIRED_SITE_FIELDS = ["siteName", "siteDesc", "sitePrice", "siteIsUse"] as const;
