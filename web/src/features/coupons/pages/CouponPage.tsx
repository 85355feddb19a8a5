import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { RowActions } from "../../../components/RowActions";
import { useListController } from "../../../hooks/useListController";
import { formatDate, formatNumber } from "../../../lib/format";
import { deleteCoupon } from "../api";
import { COUPON_LIST, SEARCH_COUPON } from "../api";
import { GenerateDialog } from "../components/GenerateDialog";
import { NewCodes } from "../components/NewCodes";
import type { Coupon, CouponStatus } from "../types";
import { CellText } from "../../../components/CellText";

const STATUS_BADGE: Record<CouponStatus, string> = { unused: "badge-success", used: "badge-info", expired: "badge-ghost" };

/** Coupons: search, status filter, generate in a dialog (codes to copy or export), delete unused ones. */
export default function CouponPage() {
  const { t } = useTranslation("coupons");
  const { ability } = useSession();
  const canManage = ability.can("manage", "Coupon");
  const list = useListController({
    call: SEARCH_COUPON,
    defaults: COUPON_LIST,
    // The original reloaded the user list after a delete (spec section 7); the coupon list is what changed.
    remove: {
      ask: (coupon) => ({ title: t("deleteTitle", { code: coupon.couponCode }), text: t("deleteText") }),
      call: (coupon) => deleteCoupon(coupon.couponId),
      // Spec section 8 keeps the user-delete prefix for coupons.
      failedPrefix: t("deleteFailed"),
      failedDefault: t("deleteFailedDefault"),
    },
  });
  const [fresh, setFresh] = useState<{ codes: string[]; quota: string; expires: string } | null>(null);

  const columns: Column<Coupon>[] = [
    {
      key: "couponCode",
      header: t("colCode"),
      render: (c) => (
        <span className="font-mono break-all" dir="ltr">
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
            <CellText text={c.couponUsedByName ?? t("deletedUser")} />
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
      render: (c) => (c.couponUsed === "N" ? <RowActions onDelete={() => void list.remove(c)} /> : null),
    });
  }

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      actions={
        canManage && (
          <button type="button" className="btn btn-primary" onClick={list.create}>
            {t("generateTitle")}
          </button>
        )
      }
      intro={fresh && <NewCodes codes={fresh.codes} quota={fresh.quota} expires={fresh.expires} onClose={() => setFresh(null)} />}
      list={list}
      search={{ placeholder: t("searchPlaceholder") }}
      filters={[
        {
          label: t("common:status"),
          anyLabel: t("anyStatus"),
          ...list.filter("status"),
          options: (["unused", "used", "expired"] as const).map((status) => ({ value: status, label: t(`status_${status}`) })),
        },
      ]}
      caption={t("title")}
      columns={columns}
      rowKey={(c) => c.couponId}
      emptyText={t("empty")}
    >
      {list.editing && (
        <GenerateDialog
          onClose={list.closeEdit}
          onGenerated={(codes, form) => {
            list.saved();
            setFresh({ codes, quota: form.couponQuota, expires: form.couponExpired });
          }}
        />
      )}
    </ListPage>
  );
}
