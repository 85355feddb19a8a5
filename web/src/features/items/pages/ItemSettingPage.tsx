import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppSettings } from "../../../app/settings";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { DataTable, type Column } from "../../../components/DataTable";
import { listTableProps } from "../../../components/listTableProps";
import { ListToolbar, useActiveOptions } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { RowActions } from "../../../components/RowActions";
import { useDeleteWithConfirm } from "../../../components/useDeleteWithConfirm";
import { formatCount, formatMoney } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { deleteItem } from "../api/deleteItem";
import { SEARCH_ITEM } from "../api/searchItem";
import { ItemDialog } from "../components/ItemDialog";
import { useSortFilter } from "../components/useSortFilter";
import { ITEM_LIST_DEFAULTS, type Item } from "../types";
import { Thumbnail } from "../../../components/Thumbnail";

/** The admin table of items: search, sort, status filter, add/edit in a dialog, delete after confirming. */
export default function ItemSettingPage() {
  const { t } = useTranslation("items");
  const { currency } = useAppSettings();
  const [params, update] = useListParams(ITEM_LIST_DEFAULTS);
  const sort = useSortFilter(params.sort, (value) => update({ sort: value }));
  const activeOptions = useActiveOptions();
  const list = useList<Item>(SEARCH_ITEM, params);
  const [dialog, setDialog] = useState<{ item: Item | null } | null>(null);

  /** After a save or delete the list returns to its fixed search and sort, then reloads (spec section 4). */
  const resetAndReload = () => {
    update({ search: ITEM_LIST_DEFAULTS.search, sort: ITEM_LIST_DEFAULTS.sort });
    void list.mutate();
  };

  const remove = useDeleteWithConfirm<Item>({
    ask: (item) => ({ title: t("deleteTitle", { name: item.itemName }), text: t("deleteText") }),
    call: (item) => deleteItem(item.itemId),
    onDeleted: resetAndReload,
    failedPrefix: t("deleteFailed"),
    failedDefault: t("deleteFailedDefault"),
  });

  const columns: Column<Item>[] = [
    {
      key: "item",
      header: t("colItem"),
      render: (item) => (
        <div className="flex items-center gap-3">
          <Thumbnail src={item.itemImage} name={item.itemName} className="h-10 w-10 rounded-box" />
          <div className="min-w-0">
            <div className="font-medium">{item.itemName}</div>
            {item.itemFile && (
              <div className="truncate text-xs text-base-content/70">{t("fileLabel", { name: item.itemFile })}</div>
            )}
          </div>
        </div>
      ),
    },
    { key: "itemPrice", header: t("itemPrice"), className: "text-end", render: (item) => formatMoney(item.itemPrice, currency) },
    {
      key: "itemDuration",
      header: t("colDuration"),
      className: "text-end",
      render: (item) => formatCount("days", item.itemDuration),
    },
    {
      key: "itemIsActive",
      header: t("common:status"),
      render: (item) => <ActiveBadge active={item.itemIsActive} />,
    },
    {
      key: "actions",
      header: t("common:actions"),
      className: "text-end",
      render: (item) => <RowActions onEdit={() => setDialog({ item })} onDelete={() => void remove(item)} />,
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("settingTitle")} subtitle={t("settingSubtitle")}>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ item: null })}>
          {t("addItem")}
        </button>
      </PageHeader>
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
          filters={[
            sort,
            {
              label: t("common:status"),
              anyLabel: t("anyStatus"),
              value: params.isActive,
              onChange: (isActive) => update({ isActive }),
              options: activeOptions,
            },
          ]}
        />
        <DataTable
          caption={t("settingTitle")}
          columns={columns}
          rowKey={(item) => item.itemId}
          {...listTableProps(list, params, update)}
          emptyText={params.search ? t("noMatch") : t("emptySetting")}
        />
      </div>
      {dialog && (
        <ItemDialog
          item={dialog.item}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            resetAndReload();
          }}
        />
      )}
    </section>
  );
}
