import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { useDialogSave } from "../../../components/useDialogSave";
import { formatMoney } from "../../../lib/format";
import { updateBundle } from "../api/updateBundle";
import type { Bundle, BundleForm } from "../types";

interface Props {
  bundle: Bundle | null;
  currency: string;
  onClose: () => void;
  onSaved: (message: string) => void;
  onError: (text: string) => void;
}

const NUMBER_FIELDS = ["bundlePoin", "bundlePPP", "bundleDisc"] as const;

/** Add or edit a bundle; the price shown is a preview, the server computes the stored one. */
export function BundleDialog({ bundle, currency, onClose, onSaved, onError }: Props) {
  const { t } = useTranslation("bundles");
  const id = useId();
  const [form, setForm] = useState<BundleForm>({
    bundleId: bundle?.bundleId ?? 0,
    bundlePoin: String(bundle?.bundlePoin ?? ""),
    bundlePPP: String(bundle?.bundlePPP ?? ""),
    bundleDisc: String(bundle?.bundleDisc ?? 0),
    bundleIsActive: bundle?.bundleIsActive ?? true,
  });
  const { fieldError, busy, save } = useDialogSave({
    onError,
    failedPrefix: t("saveFailed"),
    failedDefault: t("saveFailedDefault"),
  });
  const points = Number(form.bundlePoin) || 0;
  const preview = Math.round((points * (Number(form.bundlePPP) || 0) * (100 - (Number(form.bundleDisc) || 0))) / 100);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = NUMBER_FIELDS.find((field) => form[field].trim() === "");
    await save(missing ? { field: missing, text: t("common:requiredField", { field: t(missing) }) } : null, async () => {
      const answer = await updateBundle({
        bundleId: form.bundleId,
        bundlePoin: Number(form.bundlePoin),
        bundlePPP: Number(form.bundlePPP),
        bundleDisc: Number(form.bundleDisc),
        bundleIsActive: form.bundleIsActive,
      });
      onSaved(answer.message);
    });
  }

  return (
    <FormDialog
      title={form.bundleId ? t("editBundle") : t("addBundle")}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={busy}
    >
      {NUMBER_FIELDS.map((field) => (
        <div key={field} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
            {t(field)}
          </label>
          <input
            id={`${id}-${field}`}
            name={field}
            type="number"
            inputMode="numeric"
            min={field === "bundlePoin" ? 1 : 0}
            max={field === "bundleDisc" ? 100 : undefined}
            className={`input w-full ${fieldError?.field === field ? "input-error" : ""}`}
            value={form[field]}
            onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
            aria-invalid={fieldError?.field === field ? true : undefined}
            aria-describedby={fieldError?.field === field ? `${id}-${field}-error` : undefined}
          />
          {fieldError?.field === field && (
            <p id={`${id}-${field}-error`} className="text-sm text-error" role="alert">
              {fieldError.text}
            </p>
          )}
        </div>
      ))}
      <label className="label cursor-pointer justify-start gap-3">
        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={form.bundleIsActive}
          onChange={(e) => setForm((f) => ({ ...f, bundleIsActive: e.target.checked }))}
        />
        <span>{t("bundleIsActive")}</span>
      </label>
      <p className="text-sm text-base-content/70">{t("pricePreview", { price: formatMoney(preview, currency) })}</p>
    </FormDialog>
  );
}
