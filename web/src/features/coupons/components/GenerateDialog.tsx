import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { useDialogSave } from "../../../components/useDialogSave";
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
  const { fieldError, busy, save } = useDialogSave({
    onError,
    failedPrefix: t("generateFailed"),
    failedDefault: t("generateFailedDefault"),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = FIELDS.find(({ name, required }) => required && form[name].trim() === "");
    await save(missing ? { field: missing.name, text: t("common:requiredField", { field: t(missing.name) }) } : null, async () =>
      onGenerated(await generateCoupons(form), form),
    );
  }

  return (
    <FormDialog
      title={t("generateTitle")}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      submitText={t("generate")}
    >
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
    </FormDialog>
  );
}
