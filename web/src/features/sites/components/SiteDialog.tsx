import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ImageField } from "../../../components/ImageField";
import { ApiError } from "../../../lib/api";
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
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Same rule and text as the server: The field "{field}" is required.
    const missing = REQUIRED_SITE_FIELDS.find((field) => form[field].trim() === "");
    if (missing) {
      setFieldError({ field: missing, text: t("common:requiredField", { field: missing }) });
      return;
    }
    setFieldError(null);
    setProgress(0);
    try {
      onSaved((await updateSite(form, setProgress)).message);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : t("saveFailedDefault");
      if (error instanceof ApiError && error.field) setFieldError({ field: error.field, text });
      onError(t("saveFailed") + text);
    } finally {
      setProgress(null);
    }
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
    <div className="modal modal-open" role="presentation">
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="modal-box flex flex-col gap-4"
        onSubmit={submit}
        noValidate
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {form.siteId ? t("editSite") : t("addSite")}
        </h2>
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
        {progress !== null && (
          <progress
            className="progress progress-primary w-full"
            value={Math.round(progress * 100)}
            max={100}
            aria-label={t("uploading")}
          />
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {t("common:cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={progress !== null}>
            {t("common:save")}
          </button>
        </div>
      </form>
      <button type="button" className="modal-backdrop" aria-label={t("common:close")} onClick={onClose} />
    </div>
  );
}
