import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { useAppSettings } from "../../../app/settings";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { ListToolbar } from "../../../components/ListToolbar";
import { Pager } from "../../../components/Pager";
import { useBuyActions } from "../../../components/useBuyActions";
import { formatMoney, formatNumber } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { CART_KEY, checkout, updateCart } from "../api/buy";
import { SEARCH_ITEM, shopListBody } from "../api/searchItem";
import { useSortFilter } from "../components/useSortFilter";
import { ITEM_LIST_DEFAULTS, type Item } from "../types";

/** The shop: item cards, 12 a page, with search and sort; buyers add to the cart or buy at once. */
export default function ItemShopPage() {
  const { t } = useTranslation("items");
  const { ability } = useSession();
  const { currency } = useAppSettings();
  // Managers see the shop as clients do, without buying from themselves.
  const canBuy = !ability.can("manage", "Item") && ability.can("create", "Payment");
  const [params, update] = useListParams(ITEM_LIST_DEFAULTS);
  const sort = useSortFilter(params.sort, (value) => update({ sort: value }));
  const list = useList<Item>(SEARCH_ITEM, shopListBody(params, ability.can("manage", "Item")));
  const { pending, addToCart, buyNow } = useBuyActions({
    addToCart: (refId) => updateCart({ kind: "item", refId, qty: 1 }),
    checkout: (refId) => checkout({ kind: "item", refId }),
    cartKey: CART_KEY,
    cartFailed: t("cartFailed"),
    buyFailed: t("buyFailed"),
    failedDefault: t("buyFailedDefault"),
  });

  const rows = list.data?.data;
  return (
    <section className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t("shopTitle")}</h1>
        <p className="text-base-content/70">{t("shopSubtitle")}</p>
      </header>
      <ListToolbar
        layout="inline"
        search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
        filters={[sort]}
      />
      {list.error && !rows ? (
        <ErrorState onRetry={() => void list.mutate()} />
      ) : !rows ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty text={params.search ? t("noMatch") : t("emptyShop")} />
      ) : (
        <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${list.isValidating ? "opacity-60" : ""}`}>
          {rows.map((item) => (
            <li key={item.itemId} className="card bg-base-100 shadow-sm" data-testid="item-card">
              <figure className="aspect-video bg-base-200">
                {item.itemImage ? (
                  <img src={item.itemImage} alt="" className="h-full w-full object-cover" loading="lazy" />
                ) : (
                  <span className="text-4xl text-base-content/30" aria-hidden="true">
                    ◇
                  </span>
                )}
              </figure>
              <div className="card-body gap-2">
                <h2 className="card-title">{item.itemName}</h2>
                {item.itemDesc && <p className="line-clamp-3 text-sm text-base-content/70">{item.itemDesc}</p>}
                <div className="flex items-baseline justify-between gap-2">
                  <span className="text-xl font-bold text-primary">{formatMoney(item.itemPrice, currency)}</span>
                  <span className="badge badge-soft">{t("days", { days: formatNumber(item.itemDuration) })}</span>
                </div>
                {canBuy && (
                  <div className="card-actions mt-2 justify-end">
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      disabled={pending !== null}
                      onClick={() => void addToCart(item.itemId)}
                    >
                      {t("addToCart")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      disabled={pending !== null}
                      onClick={() => void buyNow(item.itemId)}
                    >
                      {pending === item.itemId && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      {t("buy")}
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={params.page}
        total={list.data?.total ?? 0}
        limit={params.limit}
        onPage={(page) => update({ page })}
        label={t("paging")}
        pageOf={(page, pages) => t("pageOf", { page, pages })}
      />
    </section>
  );
}
