import { api, type ListAnswer } from "../../../lib/api";

export interface ItemOffer {
  itemId: number;
  itemName: string;
  itemDesc: string;
  itemPrice: number;
  itemDuration: number;
}

export interface BundleOffer {
  bundleId: number;
  bundlePoin: number;
  bundlePrice: number;
  bundleDisc: number;
}

/** Active items and bundles for the plan upgrade dialog. */
export async function fetchOffers() {
  const [items, bundles] = await Promise.all([
    api<ListAnswer<ItemOffer>>("searchitem", { search: "", sort: "price_asc", isActive: true, limit: 12, page: 1 }),
    api<ListAnswer<BundleOffer>>("searchbundle", { isActive: true, limit: 12, page: 1 }),
  ]);
  return { items: items.data, bundles: bundles.data };
}
