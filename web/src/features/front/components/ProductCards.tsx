import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { formatCount, formatMoney, formatNumber, formatPercent, formatPerPoint } from "../../../lib/format";
import type { ProductKind } from "../../../lib/cart";
import type { PublicBundle, PublicItem } from "../api";
import { Thumbnail } from "../../../components/Thumbnail";

interface BuyProps {
  onBuy: (kind: ProductKind, refId: number) => void;
  /** The product being bought right now ("bundle:3"), to show progress and block double clicks. */
  pending: string | null;
}

function BuyButton({ kind, refId, label, onBuy, pending }: BuyProps & { kind: ProductKind; refId: number; label: string }) {
  const { t } = useTranslation("front");
  const busy = pending === `${kind}:${refId}`;
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      aria-label={label}
      disabled={pending !== null}
      onClick={() => onBuy(kind, refId)}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {t("pricing.buy")}
    </button>
  );
}

/** Up to four bundles fill one row on wide screens, without an empty column. */
const COLUMNS: Record<number, string> = {
  0: "",
  1: "max-w-xs",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 md:grid-cols-3",
  4: "sm:grid-cols-2 md:grid-cols-4",
};

/** The bundle with the lowest price per point is marked as the best value (when there is a choice). */
function bestValueId(bundles: PublicBundle[]): number | null {
  if (bundles.length < 2) return null;
  return bundles.reduce((best, b) => (b.bundlePrice / b.bundlePoin < best.bundlePrice / best.bundlePoin ? b : best)).bundleId;
}

export function BundleCards({ bundles, currency, ...buy }: BuyProps & { bundles: PublicBundle[]; currency: string }) {
  const { t } = useTranslation("front");
  const best = bestValueId(bundles);
  return (
    <ul className={`grid gap-6 ${COLUMNS[Math.min(bundles.length, 4)]}`}>
      {bundles.map((bundle) => {
        const points = formatNumber(bundle.bundlePoin);
        const highlighted = bundle.bundleId === best;
        return (
          <li
            key={bundle.bundleId}
            className={`card border bg-base-100 shadow-sm ${highlighted ? "border-primary border-2" : "border-base-300"}`}
            data-testid="bundle-card"
          >
            <div className="card-body items-center gap-3 text-center">
              <div className="flex min-h-6 flex-wrap justify-center gap-2">
                {highlighted && <span className="badge badge-primary">{t("pricing.bestValue")}</span>}
                {bundle.bundleDisc > 0 && (
                  <span className="badge border-success bg-success/10 font-semibold text-base-content">
                    {t("pricing.save", { percent: formatPercent(bundle.bundleDisc) })}
                  </span>
                )}
              </div>
              <h3 className="flex flex-col items-center">
                <span className="text-4xl font-extrabold text-primary">{points}</span>
                <span className="text-sm font-medium uppercase tracking-wide text-base-content/70">
                  {t("pricing.pointsLabel", { count: bundle.bundlePoin })}
                </span>
              </h3>
              <p className="text-2xl font-bold">{formatMoney(bundle.bundlePrice, currency)}</p>
              <p className="text-sm text-base-content/70">
                {t("pricing.perPoint", { price: formatPerPoint(bundle.bundlePrice, bundle.bundlePoin, currency) })}
              </p>
              <div className="card-actions mt-auto w-full">
                <BuyButton
                  kind="bundle"
                  refId={bundle.bundleId}
                  label={t("pricing.buyPoints", { points: formatCount("points", bundle.bundlePoin) })}
                  {...buy}
                />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function ItemCards({ items, currency, ...buy }: BuyProps & { items: PublicItem[]; currency: string }) {
  const { t } = useTranslation("front");
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.itemId} className="card border border-base-300 bg-base-100 shadow-sm" data-testid="item-card">
          <figure>
            <Thumbnail src={item.itemImage} name={item.itemName} className="aspect-video w-full" textClass="text-4xl" />
          </figure>
          <div className="card-body gap-3">
            <h3 className="card-title">{item.itemName}</h3>
            {item.itemDesc && <p className="text-base-content/80">{item.itemDesc}</p>}
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-bold">{formatMoney(item.itemPrice, currency)}</span>
              <span className="text-sm text-base-content/70">
                {t("pricing.forDuration", { duration: formatCount("days", item.itemDuration) })}
              </span>
            </p>
            <ul className="space-y-1 text-sm">
              <li className="flex items-center gap-2">
                <Icon name="check" size={16} className="text-success" />
                {t("pricing.planAccess")}
              </li>
              <li className="flex items-center gap-2">
                <Icon name="check" size={16} className="text-success" />
                {t("pricing.planExtends")}
              </li>
            </ul>
            <div className="card-actions mt-auto pt-2">
              <BuyButton kind="item" refId={item.itemId} label={t("pricing.buyPlan", { name: item.itemName })} {...buy} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What the skeletons stand for: the usual catalogue of three bundles and three plans. */
const SKELETON_CARDS = [0, 1, 2];

/**
 * Grey cards of the real cards' size while the catalogue loads (the page is painted before it is asked),
 * so the note and footer below are already where they end up: nothing moves when the prices arrive.
 */
export function BundleCardSkeletons() {
  return (
    <ul className={`grid gap-6 ${COLUMNS[SKELETON_CARDS.length]}`} aria-hidden="true" data-testid="bundle-skeleton">
      {SKELETON_CARDS.map((key) => (
        <li key={key} className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body items-center gap-3 text-center">
            <div className="min-h-6" />
            <div className="flex flex-col items-center gap-1">
              <span className="skeleton block w-24 text-4xl">&nbsp;</span>
              <span className="skeleton block w-16 text-sm">&nbsp;</span>
            </div>
            <p className="skeleton w-28 text-2xl">&nbsp;</p>
            <p className="skeleton w-32 text-sm">&nbsp;</p>
            <div className="card-actions mt-auto w-full">
              <span className="btn btn-block skeleton border-0 shadow-none" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ItemCardSkeletons() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {SKELETON_CARDS.map((key) => (
        <li key={key} className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="skeleton aspect-video w-full rounded-b-none" />
          <div className="card-body gap-3">
            <p className="skeleton w-40 text-xl">&nbsp;</p>
            <p className="skeleton w-full">&nbsp;</p>
            <p className="skeleton w-32 text-2xl">&nbsp;</p>
            <p className="skeleton w-48 text-sm">&nbsp;</p>
            <p className="skeleton w-48 text-sm">&nbsp;</p>
            <div className="card-actions mt-auto pt-2">
              <span className="btn btn-block skeleton border-0 shadow-none" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
