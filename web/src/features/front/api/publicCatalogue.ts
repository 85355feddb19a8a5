import { api } from "../../../lib/api";

/** The answer of `public-catalogue`: active rows only, as a visitor may see them. */
export interface PublicBundle {
  bundleId: number;
  bundlePoin: number;
  bundlePrice: number;
  bundleDisc: number;
}

export interface PublicItem {
  itemId: number;
  itemName: string;
  itemDesc: string;
  itemPrice: number;
  itemDuration: number;
  itemImage: string | null;
}

export interface PublicCatalogue {
  currency: string;
  bundles: PublicBundle[];
  items: PublicItem[];
}

export const PUBLIC_CATALOGUE = "public-catalogue";

export function publicCatalogue() {
  return api<PublicCatalogue>(PUBLIC_CATALOGUE);
}
