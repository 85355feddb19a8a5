import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { FileField, TextAreaField, ToggleField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { ImageField } from "../../../components/ImageField";
import { UploadProgress, useUpload } from "../../../components/UploadProgress";
import { rules, useForm } from "../../../lib/form";
import { updateItem, type ItemForm } from "../api";
import type { Item } from "../types";

interface Props {
  item: Item | null;
  onClose: () => void;
  /** After a save (the form shows the server's message): close and reload. */
  onSaved: () => void;
}

/** Add or edit an item: multipart with an image (previewed) and an optional downloadable file. */
export function ItemDialog({ item, onClose, onSaved }: Props) {
  const { t } = useTranslation("items");
  const upload = useUpload();
  const form = useForm<ItemForm>(
    {
      itemId: item?.itemId ?? 0,
      itemName: item?.itemName ?? "",
      itemDesc: item?.itemDesc ?? "",
      itemPrice: item ? String(item.itemPrice) : "",
      itemDuration: item ? String(item.itemDuration) : "30",
      itemUrl: item?.itemUrl ?? "",
      itemIsActive: item?.itemIsActive ?? true,
      itemImageNew: null,
      uploadedFile: null,
    },
    {
      itemName: { label: t("itemName"), check: rules.required },
      itemDesc: { label: t("itemDesc") },
      itemPrice: { label: t("itemPrice"), check: rules.required },
      itemDuration: { label: t("itemDuration"), check: rules.required },
      itemUrl: { label: t("itemUrl") },
      itemIsActive: { label: t("itemIsActive") },
      itemImageNew: { label: t("itemImageNew") },
      uploadedFile: { label: t("uploadedFile") },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );

  async function send(values: ItemForm) {
    const answer = await upload.run((onProgress) => updateItem(values, onProgress));
    onSaved();
    return answer.message;
  }

  return (
    <FormDialog title={item ? t("editItem") : t("addItem")} form={form} onSend={send} onClose={onClose} className="max-w-2xl">
      <ImageField
        form={form}
        name="itemImageNew"
        size="lg"
        hint={t("imageHint")}
        previewAlt={t("imagePreview")}
        current={item?.itemImage ?? null}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField form={form} name="itemName" />
        <TextField form={form} name="itemPrice" type="number" min={0} inputMode="numeric" />
        <TextField form={form} name="itemDuration" type="number" min={1} inputMode="numeric" />
        <TextField form={form} name="itemUrl" type="url" inputMode="url" dir="ltr" />
      </div>
      <TextAreaField form={form} name="itemDesc" rows={3} />
      <FileField
        form={form}
        name="uploadedFile"
        hint={item?.itemFile ? t("currentFile", { name: item.itemFile }) : t("fileHint")}
      />
      <ToggleField form={form} name="itemIsActive" />
      <UploadProgress progress={upload.progress} label={t("uploading")} />
    </FormDialog>
  );
}
