/** A site as the API shows it (API.md Entities). */
export interface Site {
  siteId: number;
  siteName: string;
  siteDesc: string;
  sitePrice: number;
  siteIsUse: boolean;
  siteImage: string | null;
}

/** The fields the spec requires non-blank, in form order (spec section 5). */
export const REQUIRED_SITE_FIELDS = ["siteName", "siteDesc", "sitePrice", "siteIsUse"] as const;
