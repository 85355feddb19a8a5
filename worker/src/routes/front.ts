import { json } from "../http/respond";
import { route } from "../http/route";
import { imageUrl } from "../domain/storage/files";
import { settingsCalls } from "../contract/settings";

/**
 * What the public marketing pages sell: the active bundles and items, and the currency. Only the
 * fields a visitor may see (no price-per-point, no file keys, no inactive rows), so it is safe to
 * answer anyone and to let browsers and caches keep it for a minute.
 */
const publicCatalogue = route(settingsCalls["public-catalogue"], {
  async handler(ctx) {
    const [bundles, items] = await Promise.all([
      ctx.db
        .selectFrom("bundles")
        .select(["bundleId", "bundlePoin", "bundlePrice", "bundleDisc"])
        .where("bundleIsActive", "=", 1)
        .orderBy("bundlePoin")
        .orderBy("bundleId")
        .execute(),
      ctx.db
        .selectFrom("items")
        .select(["itemId", "itemName", "itemDesc", "itemPrice", "itemDuration", "itemImage"])
        .where("itemIsActive", "=", 1)
        .orderBy("itemPrice")
        .orderBy("itemId")
        .execute(),
    ]);
    const response = json({
      currency: ctx.env.CURRENCY,
      bundles,
      items: items.map((item) => ({ ...item, itemImage: imageUrl(item.itemImage) })),
    });
    response.headers.set("cache-control", "public, max-age=60");
    return response;
  },
});

export const routes = [publicCatalogue];
