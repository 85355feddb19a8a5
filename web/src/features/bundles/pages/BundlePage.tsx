import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { useAppSettings } from "../../../app/settings";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { ListToolbar, useActiveOptions } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { Pager } from "../../../components/Pager";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { RowActions } from "../../../components/RowActions";
import { useSnackbar } from "../../../components/Snackbar";
import { useBuyActions } from "../../../components/useBuyActions";
import { useDeleteWithConfirm } from "../../../components/useDeleteWithConfirm";
import { formatMoney, formatNumber, formatPercent } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { checkout } from "../api/checkout";
import { deleteBundle } from "../api/deleteBundle";
import { BUNDLE_LIST, bundleListBody, SEARCH_BUNDLE } from "../api/searchBundle";
import { CART_KEY, updateCart } from "../api/updateCart";
import { BundleDialog } from "../components/BundleDialog";
import type { Bundle } from "../types";

/** Bundle cards, 12 a page: admins add, edit and delete; clients buy the active ones. */
export default function BundlePage() {
  const { t } = useTranslation("bundles");
  const { ability } = useSession();
  const { currency } = useAppSettings();
  const snackbar = useSnackbar();
  const canManage = ability.can("manage", "Bundle");
  const canBuy = !canManage && ability.can("create", "Payment");
  const [params, update] = useListParams(BUNDLE_LIST);
  const activeOptions = useActiveOptions();
  const list = useList<Bundle>(SEARCH_BUNDLE, bundleListBody(params, canManage));
  const [dialog, setDialog] = useState<{ bundle: Bundle | null } | null>(null);
  const { pending, addToCart, buyNow } = useBuyActions({
    addToCart: (refId) => updateCart({ kind: "bundle", refId, qty: 1 }),
    checkout: (refId) => checkout({ kind: "bundle", refId }),
    cartKey: CART_KEY,
    cartFailed: t("cartFailed"),
    buyFailed: t("buyFailed"),
    failedDefault: t("buyFailedDefault"),
  });

  const remove = useDeleteWithConfirm<Bundle>({
    ask: (bundle) => ({ title: t("deleteTitle", { points: formatNumber(bundle.bundlePoin) }), text: t("deleteText") }),
    call: (bundle) => deleteBundle(bundle.bundleId),
    onDeleted: () => list.mutate(),
    failedPrefix: t("deleteFailed"),
    failedDefault: t("deleteFailedDefault"),
  });

  const rows = list.data?.data;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={canManage ? t("subtitleAdmin") : t("subtitle")}>
        {canManage && (
          <ListToolbar
            layout="inline"
            filters={[
              {
                label: t("filterStatus"),
                anyLabel: t("anyStatus"),
                value: params.isActive,
                onChange: (isActive) => update({ isActive }),
                options: activeOptions,
              },
            ]}
          >
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ bundle: null })}>
              {t("addBundle")}
            </button>
          </ListToolbar>
        )}
      </PageHeader>
      {list.error && !rows ? (
        <ErrorState onRetry={() => void list.mutate()} />
      ) : !rows ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty text={t("empty")} />
      ) : (
        <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${list.isValidating ? "opacity-60" : ""}`}>
          {rows.map((bundle) => (
            <li key={bundle.bundleId} className="card bg-base-100 shadow-sm" data-testid="bundle-card">
              <div className="card-body gap-2">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="card-title">{t("points", { points: formatNumber(bundle.bundlePoin) })}</h2>
                  {canManage && <ActiveBadge active={bundle.bundleIsActive} />}
                </div>
                <p className="text-2xl font-bold text-primary">{formatMoney(bundle.bundlePrice, currency)}</p>
                <p className="text-sm text-base-content/70">
                  {t("perPoint", { price: formatMoney(bundle.bundlePPP, currency) })}
                  {bundle.bundleDisc > 0 && (
                    <span className="badge badge-secondary badge-soft ms-2">
                      {t("discount", { percent: formatPercent(bundle.bundleDisc) })}
                    </span>
                  )}
                </p>
                <div className="card-actions mt-2 justify-end">
                  {canManage && (
                    <RowActions size="sm" onEdit={() => setDialog({ bundle })} onDelete={() => void remove(bundle)} />
                  )}
                  {canBuy && (
                    <>
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={pending !== null}
                        onClick={() => void addToCart(bundle.bundleId)}
                      >
                        {t("addToCart")}
                      </button>
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={pending !== null}
                        onClick={() => void buyNow(bundle.bundleId)}
                      >
                        {pending === bundle.bundleId && (
                          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                        )}
                        {t("buy")}
                      </button>
                    </>
                  )}
                </div>
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
      {dialog && (
        <BundleDialog
          bundle={dialog.bundle}
          currency={currency}
          onClose={() => setDialog(null)}
          onError={(text) => snackbar.error(text)}
          onSaved={(message) => {
            snackbar.success(message);
            setDialog(null);
            void list.mutate();
          }}
        />
      )}
    </section>
  );
}
