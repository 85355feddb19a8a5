/** A bundle as the API shows it (API.md Entities). */
export interface Bundle {
  bundleId: number;
  bundlePoin: number;
  bundlePPP: number;
  bundleDisc: number;
  bundlePrice: number;
  bundleIsActive: boolean;
}

export interface BundleForm {
  bundleId: number;
  bundlePoin: string;
  bundlePPP: string;
  bundleDisc: string;
  bundleIsActive: boolean;
}
