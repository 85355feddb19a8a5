import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { ImageField } from "../../../components/ImageField";
import { UploadProgress } from "../../../components/UploadProgress";
import { useDialogSave } from "../../../components/useDialogSave";
import { updateSite, type SiteForm } from "../api/updateSite";
import { REQUIRED_SITE_FIELDS, type Site } from "../types";

interface Props {
  site: Site | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  onError: (text: string) => void;
}

/** Add or edit a site: every required field non-blank, an optional image with preview and progress. */
export function SiteDialog({ site, onClose, onSaved, onError }: Props) {
  const { t } = useTranslation("sites");
  const id = useId();
  const [form, setForm] = useState<SiteForm>({
    siteId: site?.siteId ?? 0,
    siteName: site?.siteName ?? "",
    siteDesc: site?.siteDesc ?? "",
    sitePrice: site ? String(site.sitePrice) : "",
    siteIsUse: site ? (site.siteIsUse ? "true" : "false") : "true",
    siteImageNew: null,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const { fieldError, busy, save } = useDialogSave({
    onError,
    failedPrefix: t("saveFailed"),
    failedDefault: t("saveFailedDefault"),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Same rule and text as the server: The field "{field}" is required.
    const missing = REQUIRED_SITE_FIELDS.find((field) => form[field].trim() === "");
    // The bar shows from the start of the upload; it is gone once the save answered or failed.
    if (!missing) setProgress(0);
    await save(missing ? { field: missing, text: t("common:requiredField", { field: missing }) } : null, async () =>
      onSaved((await updateSite(form, setProgress)).message),
    );
    setProgress(null);
  }

  const described = (field: string) =>
    fieldError?.field === field ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};
  const errorFor = (field: string) =>
    fieldError?.field === field ? (
      <p id={`${id}-${field}-error`} className="text-sm text-error" role="alert">
        {fieldError.text}
      </p>
    ) : null;
  const label = (field: string) => (
    <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
      {t(field)}
    </label>
  );

  return (
    <FormDialog
      title={form.siteId ? t("editSite") : t("addSite")}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={busy}
    >
      <ImageField
        id={`${id}-siteImageNew`}
        label={t("siteImageNew")}
        hint={t("imageHint")}
        previewAlt={t("imagePreview")}
        current={site?.siteImage ?? null}
        file={form.siteImageNew}
        onChange={(file) => setForm((f) => ({ ...f, siteImageNew: file }))}
        error={fieldError?.field === "siteImageNew" ? fieldError.text : null}
      />
      <div className="flex flex-col gap-1">
        {label("siteName")}
        <input
          id={`${id}-siteName`}
          name="siteName"
          className={`input w-full ${fieldError?.field === "siteName" ? "input-error" : ""}`}
          value={form.siteName}
          onChange={(e) => setForm((f) => ({ ...f, siteName: e.target.value }))}
          {...described("siteName")}
        />
        {errorFor("siteName")}
      </div>
      <div className="flex flex-col gap-1">
        {label("siteDesc")}
        <textarea
          id={`${id}-siteDesc`}
          name="siteDesc"
          rows={3}
          className={`textarea w-full ${fieldError?.field === "siteDesc" ? "textarea-error" : ""}`}
          value={form.siteDesc}
          onChange={(e) => setForm((f) => ({ ...f, siteDesc: e.target.value }))}
          {...described("siteDesc")}
        />
        {errorFor("siteDesc")}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          {label("sitePrice")}
          <input
            id={`${id}-sitePrice`}
            name="sitePrice"
            type="number"
            min={0}
            className={`input w-full ${fieldError?.field === "sitePrice" ? "input-error" : ""}`}
            value={form.sitePrice}
            onChange={(e) => setForm((f) => ({ ...f, sitePrice: e.target.value }))}
            {...described("sitePrice")}
          />
          {errorFor("sitePrice")}
        </div>
        <div className="flex flex-col gap-1">
          {label("siteIsUse")}
          <select
            id={`${id}-siteIsUse`}
            name="siteIsUse"
            className="select w-full"
            value={form.siteIsUse}
            onChange={(e) => setForm((f) => ({ ...f, siteIsUse: e.target.value as SiteForm["siteIsUse"] }))}
            {...described("siteIsUse")}
          >
            <option value="true">{t("inUse")}</option>
            <option value="false">{t("notInUse")}</option>
          </select>
          {errorFor("siteIsUse")}
        </div>
      </div>
      <UploadProgress progress={progress} label={t("uploading")} />
    </FormDialog>
  );
}
