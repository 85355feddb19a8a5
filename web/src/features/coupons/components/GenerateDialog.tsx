import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";
import { generateCoupons, type GenerateForm } from "../api/generateCoupons";

interface Props {
  onClose: () => void;
  onGenerated: (answer: { message: string; codes: string[] }, form: GenerateForm) => void;
  onError: (text: string) => void;
}

const FIELDS = [
  { name: "couponQuota", type: "number", required: true },
  { name: "couponExpired", type: "date", required: true },
  { name: "couponCount", type: "number", required: false },
  { name: "couponPrefix", type: "text", required: false },
] as const;

/** Generates 1..1000 codes worth couponQuota points each, valid through couponExpired. */
export function GenerateDialog({ onClose, onGenerated, onError }: Props) {
  const { t } = useTranslation("coupons");
  const id = useId();
  const [form, setForm] = useState<GenerateForm>({ couponQuota: "", couponExpired: "", couponCount: "1", couponPrefix: "" });
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = FIELDS.find(({ name, required }) => required && form[name].trim() === "");
    if (missing) {
      setFieldError({ field: missing.name, text: t("common:requiredField", { field: t(missing.name) }) });
      return;
    }
    setFieldError(null);
    setSaving(true);
    try {
      onGenerated(await generateCoupons(form), form);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : t("generateFailedDefault");
      if (error instanceof ApiError && error.field) setFieldError({ field: error.field, text });
      onError(t("generateFailed") + text);
    } finally {
      setSaving(false);
    }
  }

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
          {t("generateTitle")}
        </h2>
        {FIELDS.map(({ name, type }) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
              {t(name)}
            </label>
            <input
              id={`${id}-${name}`}
              name={name}
              type={type}
              min={type === "number" ? 1 : undefined}
              max={name === "couponCount" ? 1000 : undefined}
              maxLength={name === "couponPrefix" ? 12 : undefined}
              className={`input w-full ${fieldError?.field === name ? "input-error" : ""}`}
              value={form[name]}
              onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
              aria-invalid={fieldError?.field === name ? true : undefined}
              aria-describedby={fieldError?.field === name ? `${id}-${name}-error` : `${id}-${name}-hint`}
            />
            <p id={`${id}-${name}-hint`} className="text-xs text-base-content/70">
              {t(`${name}Hint`)}
            </p>
            {fieldError?.field === name && (
              <p id={`${id}-${name}-error`} className="text-sm text-error" role="alert">
                {fieldError.text}
              </p>
            )}
          </div>
        ))}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {t("common:cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("generate")}
          </button>
        </div>
      </form>
      <button type="button" className="modal-backdrop" aria-label={t("common:close")} onClick={onClose} />
    </div>
  );
}
