import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { useAppSettings } from "../../../providers/settings";
import { BuyButtons } from "../../../components/BuyButtons";
import { ListPage } from "../../../components/ListPage";
import { useBuyActions } from "../../../hooks/useBuyActions";
import { useListController } from "../../../hooks/useListController";
import { Thumbnail } from "../../../components/Thumbnail";
import { formatCount, formatMoney, formatNumber } from "../../../lib/format";
import { SEARCH_ITEM, shopListBody } from "../api";
import { useSortFilter } from "../components/useSortFilter";
import { ITEM_LIST_DEFAULTS, type Item } from "../types";

const ItemReviewsDialog = lazy(() => import("../components/ItemReviewsDialog").then((m) => ({ default: m.ItemReviewsDialog })));

/** The shop: item cards, 12 a page, with search and sort; buyers add to the cart or buy at once. */
export default function ItemShopPage() {
  const { t } = useTranslation("items");
  const { ability } = useSession();
  const { currency } = useAppSettings();
  // Managers see the shop as clients do, without buying from themselves.
  const canManage = ability.can("manage", "Item");
  const canBuy = !canManage && ability.can("create", "Payment");
  const list = useListController({
    call: SEARCH_ITEM,
    defaults: ITEM_LIST_DEFAULTS,
    body: (params) => shopListBody(params, canManage),
  });
  const canReadReviews = ability.can("read", "Review");
  const [reviewing, setReviewing] = useState<Item | null>(null);
  const sort = useSortFilter(list.params.sort, (value) => list.update({ sort: value }));
  const buyActions = useBuyActions({
    kind: "item",
    cartFailed: t("cartFailed"),
    buyFailed: t("buyFailed"),
    failedDefault: t("buyFailedDefault"),
  });

  const card = (item: Item) => (
    <>
      <figure>
        <Thumbnail src={item.itemImage} name={item.itemName} className="aspect-video w-full" textClass="text-4xl" />
      </figure>
      <div className="card-body gap-2">
        <h2 className="card-title break-words">{item.itemName}</h2>
        {item.itemDesc && <p className="line-clamp-3 text-sm text-base-content/70">{item.itemDesc}</p>}
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="text-xl font-bold text-primary">{formatMoney(item.itemPrice, currency)}</span>
          <span className="badge badge-soft">{t("days", { days: formatCount("days", item.itemDuration) })}</span>
        </div>
        {canReadReviews && (
          <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => setReviewing(item)}>
            {t("reviews")}
          </button>
        )}
        {canBuy && (
          <div className="card-actions mt-2 justify-end">
            <BuyButtons refId={item.itemId} actions={buyActions} addText={t("addToCart")} buyText={t("buy")} />
          </div>
        )}
      </div>
    </>
  );

  return (
    <>
      <ListPage
        title={t("shopTitle")}
        subtitle={t("shopSubtitle")}
        list={list}
        search={{ placeholder: t("searchPlaceholder") }}
        filters={[sort]}
        card={card}
        cardTestId="item-card"
        rowKey={(item) => item.itemId}
        emptyText={list.search ? t("noMatch") : t("emptyShop")}
        pagerLabel={t("paging")}
        pageOf={(page, pages) => t("pageOf", { page: formatNumber(page), pages })}
      />
      {reviewing && (
        <Suspense fallback={null}>
          <ItemReviewsDialog itemId={reviewing.itemId} itemName={reviewing.itemName} onClose={() => setReviewing(null)} />
        </Suspense>
      )}
    </>
  );
}
