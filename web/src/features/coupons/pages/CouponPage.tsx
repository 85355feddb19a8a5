import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { DataTable, type Column } from "../../../components/DataTable";
import { listTableProps } from "../../../components/listTableProps";
import { ListToolbar } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { RowActions } from "../../../components/RowActions";
import { useSnackbar } from "../../../components/Snackbar";
import { useDeleteWithConfirm } from "../../../components/useDeleteWithConfirm";
import { formatDate, formatNumber } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { deleteCoupon } from "../api/deleteCoupon";
import { COUPON_LIST, SEARCH_COUPON } from "../api/searchCoupon";
import { GenerateDialog } from "../components/GenerateDialog";
import { NewCodes } from "../components/NewCodes";
import type { Coupon, CouponStatus } from "../types";

const STATUS_BADGE: Record<CouponStatus, string> = { unused: "badge-success", used: "badge-info", expired: "badge-ghost" };

/** Coupons: search, status filter, generate in a dialog (codes to copy or export), delete unused ones. */
export default function CouponPage() {
  const { t } = useTranslation("coupons");
  const { ability } = useSession();
  const snackbar = useSnackbar();
  const canManage = ability.can("manage", "Coupon");
  const [params, update] = useListParams(COUPON_LIST);
  const list = useList<Coupon>(SEARCH_COUPON, params);
  const [generating, setGenerating] = useState(false);
  const [fresh, setFresh] = useState<{ codes: string[]; quota: string; expires: string } | null>(null);

  const remove = useDeleteWithConfirm<Coupon>({
    ask: (coupon) => ({ title: t("deleteTitle", { code: coupon.couponCode }), text: t("deleteText") }),
    call: (coupon) => deleteCoupon(coupon.couponId),
    // The original reloaded the user list here (spec section 7); the coupon list is what changed.
    onDeleted: () => list.mutate(),
    // Spec section 8 keeps the user-delete prefix for coupons.
    failedPrefix: t("deleteFailed"),
    failedDefault: t("deleteFailedDefault"),
  });

  const columns: Column<Coupon>[] = [
    {
      key: "couponCode",
      header: t("colCode"),
      render: (c) => (
        <span className="font-mono" dir="ltr">
          {c.couponCode}
        </span>
      ),
    },
    { key: "couponQuota", header: t("colQuota"), className: "text-end", render: (c) => formatNumber(c.couponQuota) },
    { key: "couponExpired", header: t("colExpires"), render: (c) => formatDate(`${c.couponExpired}T00:00:00Z`) },
    {
      key: "couponStatus",
      header: t("common:status"),
      render: (c) => <span className={`badge badge-soft ${STATUS_BADGE[c.couponStatus]}`}>{t(`status_${c.couponStatus}`)}</span>,
    },
    {
      key: "couponUsedBy",
      header: t("colUsedBy"),
      render: (c) =>
        c.couponUsed === "Y" ? (
          <div className="min-w-0">
            <div>{c.couponUsedByName ?? t("deletedUser")}</div>
            <div className="text-xs text-base-content/70">{formatDate(c.couponUsedDate, true)}</div>
          </div>
        ) : (
          "—"
        ),
    },
  ];
  if (canManage) {
    columns.push({
      key: "actions",
      header: t("common:actions"),
      className: "text-end",
      render: (c) => (c.couponUsed === "N" ? <RowActions onDelete={() => void remove(c)} /> : null),
    });
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setGenerating(true)}>
            {t("generateTitle")}
          </button>
        )}
      </PageHeader>
      {fresh && <NewCodes codes={fresh.codes} quota={fresh.quota} expires={fresh.expires} onClose={() => setFresh(null)} />}
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
          filters={[
            {
              label: t("common:status"),
              anyLabel: t("anyStatus"),
              value: params.status,
              onChange: (status) => update({ status }),
              options: (["unused", "used", "expired"] as const).map((status) => ({
                value: status,
                label: t(`status_${status}`),
              })),
            },
          ]}
        />
        <DataTable
          caption={t("title")}
          columns={columns}
          rowKey={(c) => c.couponId}
          {...listTableProps(list, params, update)}
          emptyText={t("empty")}
        />
      </div>
      {generating && (
        <GenerateDialog
          onClose={() => setGenerating(false)}
          onError={(text) => snackbar.error(text)}
          onGenerated={(answer, form) => {
            snackbar.success(answer.message || t("generatedDefault"));
            setGenerating(false);
            setFresh({ codes: answer.codes, quota: form.couponQuota, expires: form.couponExpired });
            void list.mutate();
          }}
        />
      )}
    </section>
  );
}
