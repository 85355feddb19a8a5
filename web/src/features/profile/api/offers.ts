import { api, type ListRow } from "../../../lib/api";

export type ItemOffer = ListRow<"searchitem">;
export type BundleOffer = ListRow<"searchbundle">;

/** Active items and bundles for the plan upgrade dialog. */
export async function fetchOffers() {
  const [items, bundles] = await Promise.all([
    api("searchitem", { search: "", sort: "price_asc", isActive: true, limit: 12, page: 1 }),
    api("searchbundle", { isActive: true, limit: 12, page: 1 }),
  ]);
  return { items: items.data, bundles: bundles.data };
}
