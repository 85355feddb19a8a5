import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useSession } from "../../../providers/session";
import { ActiveBadge } from "../../../components/ActiveBadge";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useActiveOptions } from "../../../components/ListToolbar";
import { RowActions } from "../../../components/RowActions";
import { useListController } from "../../../hooks/useListController";
import { formatDate } from "../../../lib/format";
import { deleteVendor } from "../api";
import { SEARCH_VENDOR, searchSiteOptions } from "../api";
import { VendorDialog } from "../components/VendorDialog";
import type { Vendor } from "../types";
import { CellText } from "../../../components/CellText";

const NEVER_USED = "1970-01-01T00:00:00.000Z";

/** Vendor accounts: search, site and status filters, add/edit in a dialog, delete after confirming. */
export default function VendorPage() {
  const { t } = useTranslation("vendors");
  const { ability } = useSession();
  const canManage = ability.can("manage", "Vendor");
  const list = useListController({
    call: SEARCH_VENDOR,
    defaults: { limit: 10, search: "", selectedVendor: "", selectedStatus: "" },
    remove: {
      ask: (vendor) => ({ title: t("deleteTitle", { name: vendor.vendorName }), text: t("deleteText") }),
      call: (vendor) => deleteVendor(vendor.vendorId),
      failedPrefix: t("deleteFailed"),
      failedDefault: t("deleteFailedDefault"),
    },
  });
  const activeOptions = useActiveOptions();
  const sites = useSWR("vendor-site-options", searchSiteOptions, { onError: () => console.error("Network response was not ok") });
  const columns: Column<Vendor>[] = [
    {
      key: "vendorName",
      header: t("vendorName"),
      render: (v) => (
        <div className="min-w-0">
          <CellText text={v.vendorName} className="font-medium" />
          {v.vendorEmail && <CellText text={v.vendorEmail} className="text-xs text-base-content/70" />}
        </div>
      ),
    },
    { key: "siteName", header: t("vendorSiteID"), render: (v) => (v.siteName ? <CellText text={v.siteName} /> : "—") },
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
      render: (v) => <RowActions onEdit={() => list.edit(v)} onDelete={() => void list.remove(v)} />,
    });
  }

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      actions={
        canManage && (
          <button type="button" className="btn btn-primary" onClick={list.create}>
            {t("addVendor")}
          </button>
        )
      }
      list={list}
      search={{ placeholder: t("searchPlaceholder") }}
      filters={[
        {
          label: t("filterSite"),
          anyLabel: t("anySite"),
          ...list.filter("selectedVendor"),
          options: (sites.data?.data ?? []).map((site) => ({ value: String(site.siteId), label: site.siteName })),
        },
        { label: t("common:status"), anyLabel: t("anyStatus"), ...list.filter("selectedStatus"), options: activeOptions },
      ]}
      caption={t("title")}
      columns={columns}
      rowKey={(v) => v.vendorId}
      emptyText={t("empty")}
    >
      {list.editing && (
        <VendorDialog vendor={list.editing.row} sites={sites.data?.data ?? []} onClose={list.closeEdit} onSaved={list.saved} />
      )}
    </ListPage>
  );
}
