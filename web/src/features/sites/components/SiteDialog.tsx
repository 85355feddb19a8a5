import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { SelectField, TextAreaField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { ImageField } from "../../../components/ImageField";
import { UploadProgress, useUpload } from "../../../components/UploadProgress";
import { rules, useForm, type FieldSpecs } from "../../../lib/form";
import { updateSite, type SiteForm } from "../api";
import { REQUIRED_SITE_FIELDS, type Site } from "../types";

interface Props {
  site: Site | null;
  onClose: () => void;
  /** After a save (the form shows the server's message): close and reload. */
  onSaved: () => void;
}

/** Add or edit a site: every required field non-blank (spec section 5), an optional image with preview and progress. */
export function SiteDialog({ site, onClose, onSaved }: Props) {
  const { t } = useTranslation("sites");
  const upload = useUpload();
  const fields: FieldSpecs<SiteForm> = { siteImageNew: { label: t("siteImageNew") } };
  for (const field of REQUIRED_SITE_FIELDS) fields[field] = { label: t(field), check: rules.required };
  const form = useForm<SiteForm>(
    {
      siteId: site?.siteId ?? 0,
      siteName: site?.siteName ?? "",
      siteDesc: site?.siteDesc ?? "",
      sitePrice: site ? String(site.sitePrice) : "",
      siteIsUse: site ? (site.siteIsUse ? "true" : "false") : "true",
      siteImageNew: null,
    },
    fields,
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );

  async function send(values: SiteForm) {
    const answer = await upload.run((onProgress) => updateSite(values, onProgress));
    onSaved();
    return answer.message;
  }

  return (
    <FormDialog title={site ? t("editSite") : t("addSite")} form={form} onSend={send} onClose={onClose}>
      <ImageField
        form={form}
        name="siteImageNew"
        hint={t("imageHint")}
        previewAlt={t("imagePreview")}
        current={site?.siteImage ?? null}
      />
      <TextField form={form} name="siteName" />
      <TextAreaField form={form} name="siteDesc" rows={3} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField form={form} name="sitePrice" type="number" inputMode="numeric" min={0} />
        <SelectField form={form} name="siteIsUse">
          <option value="true">{t("inUse")}</option>
          <option value="false">{t("notInUse")}</option>
        </SelectField>
      </div>
      <UploadProgress progress={upload.progress} label={t("uploading")} />
    </FormDialog>
  );
}
