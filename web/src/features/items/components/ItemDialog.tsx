import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { ImageField } from "../../../components/ImageField";
import { UploadProgress } from "../../../components/UploadProgress";
import { useDialogSave } from "../../../components/useDialogSave";
import { updateItem, type ItemForm } from "../api/updateItem";
import type { Item } from "../types";

interface Props {
  item: Item | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  onError: (text: string) => void;
}

const TEXT_FIELDS = [
  { field: "itemName", type: "text", required: true },
  { field: "itemPrice", type: "number", required: true },
  { field: "itemDuration", type: "number", required: true },
  { field: "itemUrl", type: "url", required: false },
] as const;

/** Add or edit an item: multipart with an image (previewed) and an optional downloadable file. */
export function ItemDialog({ item, onClose, onSaved, onError }: Props) {
  const { t } = useTranslation("items");
  const id = useId();
  const [form, setForm] = useState<ItemForm>({
    itemId: item?.itemId ?? 0,
    itemName: item?.itemName ?? "",
    itemDesc: item?.itemDesc ?? "",
    itemPrice: item ? String(item.itemPrice) : "",
    itemDuration: item ? String(item.itemDuration) : "30",
    itemUrl: item?.itemUrl ?? "",
    itemIsActive: item?.itemIsActive ?? true,
    itemImageNew: null,
    uploadedFile: null,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const { fieldError, busy, save } = useDialogSave({
    onError,
    failedPrefix: t("saveFailed"),
    failedDefault: t("saveFailedDefault"),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = TEXT_FIELDS.find(({ field, required }) => required && form[field].trim() === "");
    // The bar shows from the start of the upload; it is gone once the save answered or failed.
    if (!missing) setProgress(0);
    await save(
      missing ? { field: missing.field, text: t("common:requiredField", { field: t(missing.field) }) } : null,
      async () => onSaved((await updateItem(form, setProgress)).message),
    );
    setProgress(null);
  }

  const errorFor = (field: string) =>
    fieldError?.field === field ? (
      <p id={`${id}-${field}-error`} className="text-sm text-error" role="alert">
        {fieldError.text}
      </p>
    ) : null;
  const invalid = (field: string) =>
    fieldError?.field === field ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};

  return (
    <FormDialog
      title={form.itemId ? t("editItem") : t("addItem")}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      className="max-w-2xl"
    >
      <ImageField
        id={`${id}-itemImageNew`}
        size="lg"
        label={t("itemImageNew")}
        hint={t("imageHint")}
        previewAlt={t("imagePreview")}
        current={item?.itemImage ?? null}
        file={form.itemImageNew}
        onChange={(file) => setForm((f) => ({ ...f, itemImageNew: file }))}
        error={fieldError?.field === "itemImageNew" ? fieldError.text : null}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ field, type }) => (
          <div key={field} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
              {t(field)}
            </label>
            <input
              id={`${id}-${field}`}
              name={field}
              type={type}
              min={type === "number" ? (field === "itemDuration" ? 1 : 0) : undefined}
              className={`input w-full ${fieldError?.field === field ? "input-error" : ""}`}
              value={form[field]}
              onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
              {...invalid(field)}
            />
            {errorFor(field)}
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-itemDesc`} className="text-sm font-medium">
          {t("itemDesc")}
        </label>
        <textarea
          id={`${id}-itemDesc`}
          name="itemDesc"
          className="textarea w-full"
          rows={3}
          value={form.itemDesc}
          onChange={(e) => setForm((f) => ({ ...f, itemDesc: e.target.value }))}
          {...invalid("itemDesc")}
        />
        {errorFor("itemDesc")}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {t("uploadedFile")}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          className="file-input w-full"
          onChange={(e) => setForm((f) => ({ ...f, uploadedFile: e.target.files?.[0] ?? null }))}
          {...invalid("uploadedFile")}
        />
        <p className="text-xs text-base-content/70">
          {item?.itemFile ? t("currentFile", { name: item.itemFile }) : t("fileHint")}
        </p>
        {errorFor("uploadedFile")}
      </div>
      <label className="label cursor-pointer justify-start gap-3">
        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={form.itemIsActive}
          onChange={(e) => setForm((f) => ({ ...f, itemIsActive: e.target.checked }))}
        />
        <span>{t("itemIsActive")}</span>
      </label>
      <UploadProgress progress={progress} label={t("uploading")} />
    </FormDialog>
  );
}
