import { api, type CallAnswer } from "../../lib/api";

/** The answer of `public-catalogue`: active rows only, as a visitor may see them. */
export type PublicCatalogue = CallAnswer<typeof PUBLIC_CATALOGUE>;
export type PublicBundle = PublicCatalogue["bundles"][number];
export type PublicItem = PublicCatalogue["items"][number];

export const PUBLIC_CATALOGUE = "public-catalogue";

export function publicCatalogue() {
  return api(PUBLIC_CATALOGUE);
}
