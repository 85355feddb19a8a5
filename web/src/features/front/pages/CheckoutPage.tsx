import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { Icon } from "../../../components/Icon";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { formatCount, formatMoney, formatPercent } from "../../../lib/format";
import type { ProductKind } from "../../../lib/cart";
import type { PublicCatalogue } from "../api";
import { MarketingLayout } from "../components/MarketingLayout";
import { useBuy } from "../lib/useBuy";
import { useCatalogue } from "../lib/useCatalogue";

interface Selection {
  kind: ProductKind;
  refId: number;
  name: string;
  detail: string;
  price: number;
  discount: number;
}

/** What `?kind=&refId=` names in the active catalogue, or null (unknown, inactive or malformed). */
function selected(catalogue: PublicCatalogue, search: string, t: TFunction<"front">): Selection | null {
  const query = new URLSearchParams(search);
  const kind = query.get("kind");
  const refId = Number(query.get("refId"));
  if (!Number.isInteger(refId) || refId <= 0) return null;
  if (kind === "bundle") {
    const bundle = catalogue.bundles.find((b) => b.bundleId === refId);
    if (!bundle) return null;
    const points = formatCount("points", bundle.bundlePoin);
    return {
      kind,
      refId,
      name: points,
      detail: t("checkout.bundleDetail", { points }),
      price: bundle.bundlePrice,
      discount: bundle.bundleDisc,
    };
  }
  if (kind === "item") {
    const item = catalogue.items.find((i) => i.itemId === refId);
    if (!item) return null;
    return {
      kind,
      refId,
      name: item.itemName,
      detail: t("checkout.itemDetail", { duration: formatCount("days", item.itemDuration) }),
      price: item.itemPrice,
      discount: 0,
    };
  }
  return null;
}

/** /front-pages/checkout?kind=&refId=: what will be bought, then the real payment page once confirmed. */
export default function CheckoutPage() {
  const { t } = useTranslation("front");
  const search = useSearch();
  const [path] = useLocation();
  const { data, error, isLoading, mutate } = useCatalogue();
  const here = search ? `${path}?${search}` : path;
  const { buy, pending, isLoggedIn } = useBuy(`/login?to=${encodeURIComponent(here)}`);
  const choice = data ? selected(data, search, t) : null;

  return (
    <MarketingLayout>
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12">
        <header>
          <h1 className="text-3xl font-bold">{t("checkout.title")}</h1>
          <p className="mt-2 text-base-content/70">{t("checkout.intro")}</p>
        </header>

        {isLoading && <Loading label={t("pricing.loading")} />}
        {error && !data && <ErrorState text={t("pricing.loadError")} onRetry={() => void mutate()} />}
        {data && !choice && (
          <Empty text={t("checkout.nothingSelected")}>
            <Link href="/front-pages/pricing" className="btn btn-primary">
              {t("checkout.choose")}
            </Link>
          </Empty>
        )}

        {data && choice && (
          <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="checkout-summary">
            <div className="card-body gap-4">
              <h2 id="checkout-summary" className="card-title">
                {t("checkout.summary")}
              </h2>
              <dl className="divide-y divide-base-300">
                <div className="flex justify-between gap-4 py-3">
                  <dt className="text-base-content/70">{t("checkout.product")}</dt>
                  <dd className="text-end font-semibold">
                    {choice.name}
                    <span className="block text-sm font-normal text-base-content/70">{choice.detail}</span>
                  </dd>
                </div>
                {choice.discount > 0 && (
                  <div className="flex justify-between gap-4 py-3">
                    <dt className="text-base-content/70">{t("checkout.discount")}</dt>
                    <dd className="text-end">{formatPercent(choice.discount)}</dd>
                  </div>
                )}
                <div className="flex justify-between gap-4 py-3 text-lg">
                  <dt className="font-semibold">{t("checkout.total")}</dt>
                  <dd className="text-end font-bold">{formatMoney(choice.price, data.currency)}</dd>
                </div>
              </dl>
              <p className="flex gap-2 text-sm text-base-content/70">
                <Icon name="alert" size={18} />
                {t("checkout.transferNote")}
              </p>
              <div className="card-actions justify-end">
                <Link href="/front-pages/pricing" className="btn btn-ghost">
                  {t("checkout.change")}
                </Link>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={pending !== null}
                  onClick={() => void buy(choice.kind, choice.refId)}
                >
                  {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  {isLoggedIn ? t("checkout.confirm") : t("checkout.signInToBuy")}
                </button>
              </div>
            </div>
          </section>
        )}
      </div>
    </MarketingLayout>
  );
}
