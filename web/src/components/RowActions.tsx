import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  /** Left out: no edit button (the caller may not edit). */
  onEdit?: () => void;
  /** Left out: no delete button (the caller may not delete). */
  onDelete?: () => void;
  editText?: string;
  deleteText?: string;
  /** Table rows use extra-small buttons, cards small ones. */
  size?: "xs" | "sm";
  /** Actions shown before edit, such as a link to the row's own page. */
  children?: ReactNode;
}

/** The edit and delete buttons at the end of an admin list's row. */
export function RowActions({ onEdit, onDelete, editText, deleteText, size = "xs", children }: Props) {
  const { t } = useTranslation();
  const button = size === "xs" ? "btn btn-ghost btn-xs" : "btn btn-ghost btn-sm";
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {children}
      {onEdit && (
        <button type="button" className={button} onClick={onEdit}>
          {editText ?? t("edit")}
        </button>
      )}
      {onDelete && (
        <button type="button" className={`${button} text-error`} onClick={onDelete}>
          {deleteText ?? t("delete")}
        </button>
      )}
    </div>
  );
}
