import { useTranslation } from "react-i18next";
import { useAppSettings } from "../../../providers/settings";
import { ActiveBadge } from "../../../components/ActiveBadge";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useActiveOptions } from "../../../components/ListToolbar";
import { RowActions } from "../../../components/RowActions";
import { useListController } from "../../../hooks/useListController";
import { Thumbnail } from "../../../components/Thumbnail";
import { formatCount, formatMoney } from "../../../lib/format";
import { deleteItem } from "../api";
import { SEARCH_ITEM } from "../api";
import { ItemDialog } from "../components/ItemDialog";
import { useSortFilter } from "../components/useSortFilter";
import { ITEM_LIST_DEFAULTS, type Item } from "../types";
import { CellText } from "../../../components/CellText";

/** The admin table of items: search, sort, status filter, add/edit in a dialog, delete after confirming. */
export default function ItemSettingPage() {
  const { t } = useTranslation("items");
  const { currency } = useAppSettings();
  // Named: onChanged below reads the controller, which TypeScript cannot infer from itself.
  const list = useListController<typeof SEARCH_ITEM, typeof ITEM_LIST_DEFAULTS>({
    call: SEARCH_ITEM,
    defaults: ITEM_LIST_DEFAULTS,
    remove: {
      ask: (item) => ({ title: t("deleteTitle", { name: item.itemName }), text: t("deleteText") }),
      call: (item) => deleteItem(item.itemId),
      failedPrefix: t("deleteFailed"),
      failedDefault: t("deleteFailedDefault"),
    },
    // After a save or delete the list returns to its fixed search and sort, then reloads (spec section 4).
    onChanged: () => list.update({ search: ITEM_LIST_DEFAULTS.search, sort: ITEM_LIST_DEFAULTS.sort }),
  });
  const sort = useSortFilter(list.params.sort, (value) => list.update({ sort: value }));
  const activeOptions = useActiveOptions();

  const columns: Column<Item>[] = [
    {
      key: "item",
      header: t("colItem"),
      render: (item) => (
        <div className="flex min-w-0 items-center gap-3">
          <Thumbnail src={item.itemImage} name={item.itemName} className="h-10 w-10 rounded-box" />
          <div className="min-w-0">
            <CellText text={item.itemName} className="font-medium" />
            {item.itemFile && (
              <CellText text={t("fileLabel", { name: item.itemFile })} className="text-xs text-base-content/70" />
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
    { key: "itemIsActive", header: t("common:status"), render: (item) => <ActiveBadge active={item.itemIsActive} /> },
    {
      key: "actions",
      header: t("common:actions"),
      className: "text-end",
      render: (item) => <RowActions onEdit={() => list.edit(item)} onDelete={() => void list.remove(item)} />,
    },
  ];

  return (
    <ListPage
      title={t("settingTitle")}
      subtitle={t("settingSubtitle")}
      actions={
        <button type="button" className="btn btn-primary" onClick={list.create}>
          {t("addItem")}
        </button>
      }
      list={list}
      search={{ placeholder: t("searchPlaceholder") }}
      filters={[
        sort,
        { label: t("common:status"), anyLabel: t("anyStatus"), ...list.filter("isActive"), options: activeOptions },
      ]}
      caption={t("settingTitle")}
      columns={columns}
      rowKey={(item) => item.itemId}
      emptyText={list.search ? t("noMatch") : t("emptySetting")}
    >
      {list.editing && <ItemDialog item={list.editing.row} onClose={list.closeEdit} onSaved={list.saved} />}
    </ListPage>
  );
}
