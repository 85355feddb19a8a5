import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useSession } from "../../../app/session";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { DataTable, type Column } from "../../../components/DataTable";
import { listTableProps } from "../../../components/listTableProps";
import { ListToolbar, useActiveOptions } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { RowActions } from "../../../components/RowActions";
import { useDeleteWithConfirm } from "../../../components/useDeleteWithConfirm";
import { formatDate } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { deleteVendor } from "../api/deleteVendor";
import { SEARCH_VENDOR, searchSiteOptions } from "../api/searchVendor";
import { VendorDialog } from "../components/VendorDialog";
import type { Vendor } from "../types";

const NEVER_USED = "1970-01-01T00:00:00.000Z";

/** Vendor accounts: search, site and status filters, add/edit in a dialog, delete after confirming. */
export default function VendorPage() {
  const { t } = useTranslation("vendors");
  const { ability } = useSession();
  const canManage = ability.can("manage", "Vendor");
  const [params, update] = useListParams({ limit: 10, search: "", selectedVendor: "", selectedStatus: "" });
  const activeOptions = useActiveOptions();
  const list = useList<Vendor>(SEARCH_VENDOR, params);
  const sites = useSWR("vendor-site-options", searchSiteOptions, { onError: () => console.error("Network response was not ok") });
  const [dialog, setDialog] = useState<{ vendor: Vendor | null } | null>(null);

  const remove = useDeleteWithConfirm<Vendor>({
    ask: (vendor) => ({ title: t("deleteTitle", { name: vendor.vendorName }), text: t("deleteText") }),
    call: (vendor) => deleteVendor(vendor.vendorId),
    onDeleted: () => list.mutate(),
    failedPrefix: t("deleteFailed"),
    failedDefault: t("deleteFailedDefault"),
  });

  const columns: Column<Vendor>[] = [
    {
      key: "vendorName",
      header: t("vendorName"),
      render: (v) => (
        <div className="min-w-0">
          <div className="font-medium">{v.vendorName}</div>
          {v.vendorEmail && <div className="truncate text-xs text-base-content/70">{v.vendorEmail}</div>}
        </div>
      ),
    },
    { key: "siteName", header: t("vendorSiteID"), render: (v) => v.siteName ?? "—" },
    {
      key: "loginMethod",
      header: t("loginMethod"),
      render: (v) => (
        <span className="flex flex-wrap items-center gap-1">
          {t(`method_${v.loginMethod}`)}
          {!v.hasSecret && <span className="badge badge-warning badge-soft badge-sm">{t("noSecret")}</span>}
        </span>
      ),
    },
    {
      key: "lastUsedAt",
      header: t("colLastUsed"),
      render: (v) => (v.lastUsedAt === NEVER_USED ? t("neverUsed") : formatDate(v.lastUsedAt, true)),
    },
    {
      key: "vendorIsActive",
      header: t("common:status"),
      render: (v) => <ActiveBadge active={v.vendorIsActive} />,
    },
  ];
  if (canManage) {
    columns.push({
      key: "actions",
      header: t("common:actions"),
      className: "text-end",
      render: (v) => <RowActions onEdit={() => setDialog({ vendor: v })} onDelete={() => void remove(v)} />,
    });
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ vendor: null })}>
            {t("addVendor")}
          </button>
        )}
      </PageHeader>
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
          filters={[
            {
              label: t("filterSite"),
              anyLabel: t("anySite"),
              value: params.selectedVendor,
              onChange: (selectedVendor) => update({ selectedVendor }),
              options: (sites.data?.data ?? []).map((site) => ({ value: String(site.siteId), label: site.siteName })),
            },
            {
              label: t("common:status"),
              anyLabel: t("anyStatus"),
              value: params.selectedStatus,
              onChange: (selectedStatus) => update({ selectedStatus }),
              options: activeOptions,
            },
          ]}
        />
        <DataTable
          caption={t("title")}
          columns={columns}
          rowKey={(v) => v.vendorId}
          {...listTableProps(list, params, update)}
          emptyText={t("empty")}
        />
      </div>
      {dialog && (
        <VendorDialog
          vendor={dialog.vendor}
          sites={sites.data?.data ?? []}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void list.mutate();
          }}
        />
      )}
    </section>
  );
}
