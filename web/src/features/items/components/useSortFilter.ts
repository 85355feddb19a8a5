import { useTranslation } from "react-i18next";
import type { ToolbarFilter } from "../../../components/ListToolbar";
import { ITEM_SORTS } from "../types";

/** The sort order of the shop and of the item settings; one is always chosen. */
export function useSortFilter(value: string, onChange: (sort: string) => void): ToolbarFilter {
  const { t } = useTranslation("items");
  return {
    label: t("sort"),
    value,
    onChange,
    options: ITEM_SORTS.map((sort) => ({ value: sort, label: t(`sort_${sort}`) })),
  };
}
