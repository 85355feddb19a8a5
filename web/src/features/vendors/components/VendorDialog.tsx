import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { useDialogSave } from "../../../components/useDialogSave";
import { updateVendor, type VendorForm } from "../api/updateVendor";
import type { LoginMethod, SiteOption, Vendor } from "../types";

interface Props {
  vendor: Vendor | null;
  sites: SiteOption[];
  onClose: () => void;
  onSaved: (message: string) => void;
  onError: (text: string) => void;
}

/** Add or edit a vendor account; the credential inputs follow the login method. */
export function VendorDialog({ vendor, sites, onClose, onSaved, onError }: Props) {
  const { t } = useTranslation("vendors");
  const id = useId();
  const [form, setForm] = useState<VendorForm>({
    vendorId: vendor?.vendorId ?? 0,
    vendorSiteID: vendor ? String(vendor.vendorSiteID) : "",
    vendorName: vendor?.vendorName ?? "",
    vendorIsActive: vendor?.vendorIsActive ?? true,
    loginMethod: vendor?.loginMethod ?? "cookie",
    vendorValue: "",
    vendorEmail: vendor?.vendorEmail ?? "",
    vendorPassword: "",
  });
  const { fieldError, busy, save } = useDialogSave({
    onError,
    failedPrefix: t("saveFailed"),
    failedDefault: t("saveFailedDefault"),
  });
  // A stored secret stays only while the method is unchanged: switching needs the new method's secret.
  const keepsSecret = vendor !== null && vendor.hasSecret && vendor.loginMethod === form.loginMethod;
  const secretField = form.loginMethod === "cookie" ? "vendorValue" : "vendorPassword";

  async function submit(event: FormEvent) {
    event.preventDefault();
    const required: (keyof VendorForm)[] = ["vendorSiteID", "vendorName"];
    if (form.loginMethod === "email") required.push("vendorEmail");
    if (!keepsSecret) required.push(secretField);
    const missing = required.find((field) => String(form[field]).trim() === "");
    await save(missing ? { field: missing, text: t("common:requiredField", { field: t(missing) }) } : null, async () =>
      onSaved((await updateVendor(form)).message),
    );
  }

  const set = (field: keyof VendorForm, value: string | boolean) => setForm((f) => ({ ...f, [field]: value }));
  const field = (name: keyof VendorForm, control: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {t(name)}
      </label>
      {control}
      {hint && <p className="text-xs text-base-content/70">{hint}</p>}
      {fieldError?.field === name && (
        <p id={`${id}-${name}-error`} className="text-sm text-error" role="alert">
          {fieldError.text}
        </p>
      )}
    </div>
  );
  const a11y = (name: string) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": fieldError?.field === name ? true : undefined,
    "aria-describedby": fieldError?.field === name ? `${id}-${name}-error` : undefined,
  });
  const secretHint = keepsSecret ? t("keepSecret") : undefined;

  return (
    <FormDialog
      title={form.vendorId ? t("editVendor") : t("addVendor")}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      autoComplete="off"
    >
      {field(
        "vendorSiteID",
        <select
          className="select w-full"
          value={form.vendorSiteID}
          onChange={(e) => set("vendorSiteID", e.target.value)}
          {...a11y("vendorSiteID")}
        >
          <option value="">{t("chooseSite")}</option>
          {sites.map((site) => (
            <option key={site.siteId} value={String(site.siteId)}>
              {site.siteName}
            </option>
          ))}
        </select>,
      )}
      {field(
        "vendorName",
        <input
          className="input w-full"
          value={form.vendorName}
          onChange={(e) => set("vendorName", e.target.value)}
          {...a11y("vendorName")}
        />,
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{t("loginMethod")}</legend>
        <div className="flex flex-wrap gap-4">
          {(["cookie", "email"] as LoginMethod[]).map((method) => (
            <label key={method} className="label cursor-pointer gap-2">
              <input
                type="radio"
                className="radio radio-primary"
                name={`${id}-loginMethod`}
                checked={form.loginMethod === method}
                onChange={() => set("loginMethod", method)}
              />
              <span>{t(`method_${method}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {form.loginMethod === "cookie" ? (
        field(
          "vendorValue",
          <textarea
            className="textarea w-full font-mono"
            rows={3}
            value={form.vendorValue}
            placeholder={keepsSecret ? t("keepSecretPlaceholder") : ""}
            onChange={(e) => set("vendorValue", e.target.value)}
            {...a11y("vendorValue")}
          />,
          secretHint,
        )
      ) : (
        <>
          {field(
            "vendorEmail",
            <input
              type="email"
              className="input w-full"
              value={form.vendorEmail}
              onChange={(e) => set("vendorEmail", e.target.value)}
              {...a11y("vendorEmail")}
            />,
          )}
          {field(
            "vendorPassword",
            <input
              type="password"
              autoComplete="new-password"
              className="input w-full"
              value={form.vendorPassword}
              placeholder={keepsSecret ? t("keepSecretPlaceholder") : ""}
              onChange={(e) => set("vendorPassword", e.target.value)}
              {...a11y("vendorPassword")}
            />,
            secretHint,
          )}
        </>
      )}
      <label className="label cursor-pointer justify-start gap-3">
        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={form.vendorIsActive}
          onChange={(e) => set("vendorIsActive", e.target.checked)}
        />
        <span>{t("vendorIsActive")}</span>
      </label>
    </FormDialog>
  );
}
