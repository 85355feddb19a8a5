import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { SelectField, TextAreaField, ToggleField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { updateVendor, type VendorForm } from "../api";
import type { LoginMethod, SiteOption, Vendor } from "../types";

interface Props {
  vendor: Vendor | null;
  sites: SiteOption[];
  onClose: () => void;
  /** After a save (the form shows the server's message): close and reload. */
  onSaved: () => void;
}

/** Add or edit a vendor account; the credential inputs follow the login method. */
export function VendorDialog({ vendor, sites, onClose, onSaved }: Props) {
  const { t } = useTranslation("vendors");
  const id = useId();
  // A stored secret stays only while the method is unchanged: switching needs the new method's secret.
  const keepsSecret = (method: LoginMethod) => vendor !== null && vendor.hasSecret && vendor.loginMethod === method;
  const secretFor = (method: LoginMethod) => (value: string, v: VendorForm) =>
    v.loginMethod === method && !keepsSecret(method) ? rules.required(value) : undefined;
  const form = useForm<VendorForm>(
    {
      vendorId: vendor?.vendorId ?? 0,
      vendorSiteID: vendor ? String(vendor.vendorSiteID) : "",
      vendorName: vendor?.vendorName ?? "",
      vendorIsActive: vendor?.vendorIsActive ?? true,
      loginMethod: vendor?.loginMethod ?? "cookie",
      vendorValue: "",
      vendorEmail: vendor?.vendorEmail ?? "",
      vendorPassword: "",
    },
    {
      vendorSiteID: { label: t("vendorSiteID"), check: rules.required },
      vendorName: { label: t("vendorName"), check: rules.required },
      loginMethod: { label: t("loginMethod") },
      vendorValue: { label: t("vendorValue"), check: secretFor("cookie") },
      vendorEmail: { label: t("vendorEmail"), check: (value, v) => (v.loginMethod === "email" ? rules.email(value) : undefined) },
      vendorPassword: { label: t("vendorPassword"), check: secretFor("email") },
      vendorIsActive: { label: t("vendorIsActive") },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  const method = form.values.loginMethod;
  const secretHint = keepsSecret(method) ? t("keepSecret") : undefined;
  const secretPlaceholder = keepsSecret(method) ? t("keepSecretPlaceholder") : "";

  async function send(values: VendorForm) {
    const answer = await updateVendor(values);
    onSaved();
    return answer.message;
  }

  return (
    <FormDialog title={vendor ? t("editVendor") : t("addVendor")} form={form} onSend={send} onClose={onClose} autoComplete="off">
      <SelectField form={form} name="vendorSiteID">
        <option value="">{t("chooseSite")}</option>
        {sites.map((site) => (
          <option key={site.siteId} value={String(site.siteId)}>
            {site.siteName}
          </option>
        ))}
      </SelectField>
      <TextField form={form} name="vendorName" />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{form.labelOf("loginMethod")}</legend>
        <div className="flex flex-wrap gap-4">
          {(["cookie", "email"] as LoginMethod[]).map((choice) => (
            <label key={choice} className="label cursor-pointer gap-2">
              <input
                type="radio"
                className="radio radio-primary"
                name={`${id}-loginMethod`}
                checked={method === choice}
                onChange={() => form.set("loginMethod", choice)}
              />
              <span>{t(`method_${choice}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {method === "cookie" ? (
        <TextAreaField
          form={form}
          name="vendorValue"
          rows={3}
          className="font-mono"
          placeholder={secretPlaceholder}
          hint={secretHint}
        />
      ) : (
        <>
          <TextField form={form} name="vendorEmail" type="email" dir="ltr" />
          <TextField
            form={form}
            name="vendorPassword"
            type="password"
            autoComplete="new-password"
            placeholder={secretPlaceholder}
            hint={secretHint}
          />
        </>
      )}
      <ToggleField form={form} name="vendorIsActive" />
    </FormDialog>
  );
}
