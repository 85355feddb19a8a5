export type LoginMethod = "cookie" | "email";

/** A vendor account as the API shows it: secrets are write-only, only `hasSecret` comes back. */
export interface Vendor {
  vendorId: number;
  vendorSiteID: number;
  siteName: string | null;
  vendorName: string;
  loginMethod: LoginMethod;
  vendorEmail: string;
  vendorIsActive: boolean;
  hasSecret: boolean;
  lastUsedAt: string;
}

export interface SiteOption {
  siteId: number;
  siteName: string;
}
