import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { useAppSettings } from "../../../providers/settings";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { BuyButtons } from "../../../components/BuyButtons";
import { ListPage } from "../../../components/ListPage";
import { useActiveOptions } from "../../../components/ListToolbar";
import { RowActions } from "../../../components/RowActions";
import { useBuyActions } from "../../../hooks/useBuyActions";
import { useListController } from "../../../hooks/useListController";
import {
  bundleDescription,
  bundleTitle,
  formatCount,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPerPoint,
} from "../../../lib/format";
import { deleteBundle } from "../api";
import { BUNDLE_LIST, bundleListBody, SEARCH_BUNDLE } from "../api";
import { BundleDialog } from "../components/BundleDialog";
import type { Bundle } from "../types";

/** Bundle cards, 12 a page: admins add, edit and delete; clients buy the active ones. */
export default function BundlePage() {
  const { t } = useTranslation("bundles");
  const { ability } = useSession();
  const { currency } = useAppSettings();
  const canManage = ability.can("manage", "Bundle");
  const canBuy = !canManage && ability.can("create", "Payment");
  const list = useListController({
    call: SEARCH_BUNDLE,
    defaults: BUNDLE_LIST,
    body: (params) => bundleListBody(params, canManage),
    remove: {
      ask: (bundle) => ({ title: t("deleteTitle", { points: formatCount("points", bundle.bundlePoin) }), text: t("deleteText") }),
      call: (bundle) => deleteBundle(bundle.bundleId),
      failedPrefix: t("deleteFailed"),
      failedDefault: t("deleteFailedDefault"),
    },
  });
  const activeOptions = useActiveOptions();
  const buyActions = useBuyActions({
    kind: "bundle",
    cartFailed: t("cartFailed"),
    buyFailed: t("buyFailed"),
    failedDefault: t("buyFailedDefault"),
  });

  const card = (bundle: Bundle) => {
    const name = bundleTitle(bundle);
    const description = bundleDescription(bundle);
    const points = formatCount("points", bundle.bundlePoin);
    return (
      <div className="card-body gap-2">
        <div className="flex items-start justify-between gap-2">
          {/* A named bundle says what it is for; its points come right under the name. */}
          <h2 className="card-title flex-col items-start gap-0 break-words">
            <span className="min-w-0">{name || points}</span>
            {name && <span className="text-sm font-normal text-base-content/70">{points}</span>}
          </h2>
          {canManage && <ActiveBadge active={bundle.bundleIsActive} />}
        </div>
        {description && <p className="text-sm break-words text-base-content/80">{description}</p>}
        <p className="text-2xl font-bold text-primary">{formatMoney(bundle.bundlePrice, currency)}</p>
        <p className="text-sm text-base-content/70">
          {t("perPoint", { price: formatPerPoint(bundle.bundlePrice, bundle.bundlePoin, currency) })}
          {bundle.bundleDisc > 0 && (
            <span className="badge badge-secondary badge-soft ms-2">
              {t("discount", { percent: formatPercent(bundle.bundleDisc) })}
            </span>
          )}
        </p>
        {typeof bundle.bundleValidDays === "number" && (
          <p className="text-sm text-base-content/70" data-testid="bundle-validity">
            {t("validFor", { count: bundle.bundleValidDays })}
          </p>
        )}
        <div className="card-actions mt-2 justify-end">
          {canManage && <RowActions size="sm" onEdit={() => list.edit(bundle)} onDelete={() => void list.remove(bundle)} />}
          {canBuy && <BuyButtons refId={bundle.bundleId} actions={buyActions} addText={t("addToCart")} buyText={t("buy")} />}
        </div>
      </div>
    );
  };

  return (
    <ListPage
      title={t("title")}
      subtitle={canManage ? t("subtitleAdmin") : t("subtitle")}
      actions={
        canManage && (
          <button type="button" className="btn btn-primary" onClick={list.create}>
            {t("addBundle")}
          </button>
        )
      }
      list={list}
      filters={
        canManage
          ? [{ label: t("filterStatus"), anyLabel: t("anyStatus"), ...list.filter("isActive"), options: activeOptions }]
          : undefined
      }
      card={card}
      cardTestId="bundle-card"
      rowKey={(bundle) => bundle.bundleId}
      emptyText={t("empty")}
      pagerLabel={t("paging")}
      pageOf={(page, pages) => t("pageOf", { page: formatNumber(page), pages })}
    >
      {list.editing && (
        <BundleDialog bundle={list.editing.row} currency={currency} onClose={list.closeEdit} onSaved={list.saved} />
      )}
    </ListPage>
  );
}
