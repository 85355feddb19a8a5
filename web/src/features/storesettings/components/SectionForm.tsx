import { useTranslation } from "react-i18next";
import { FileField, TextAreaField, ToggleField } from "../../../components/FormControls";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm, type FieldSpecs } from "../../../lib/form";
import { saveStoreSettings, type StoreSettings } from "../api";
import { SECTIONS, updateOf, valuesOf, type FieldDef, type SectionValues, type Tab } from "./sections";

/**
 * One section of the store settings as its own form (decision 0008): its fields' errors from the Worker
 * show under them, nothing typed is lost on a refusal, and a save answers the settings now in force.
 */
export function SectionForm({
  tab,
  settings,
  onSaved,
}: {
  tab: Tab;
  settings: StoreSettings;
  onSaved: (settings: StoreSettings) => void;
}) {
  const { t } = useTranslation("storesettings");
  const fields = SECTIONS[tab];
  const specs = Object.fromEntries(
    fields.map((field) => [field.name, { label: t(field.name), ...(field.required ? { check: rules.required } : {}) }]),
  ) as FieldSpecs<SectionValues>;
  const form = useForm<SectionValues>(valuesOf(fields, settings), specs, {
    failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") },
  });
  const onSubmit = form.submit(async (values) => {
    const answer = await saveStoreSettings(updateOf(fields, values));
    onSaved(answer.settings);
    form.reset(valuesOf(fields, answer.settings));
    return answer.message;
  });

  const control = (field: FieldDef) => {
    const hint = field.hint ? t(`${field.name}Hint`) : undefined;
    switch (field.kind) {
      case "toggle":
        return <ToggleField key={field.name} form={form} name={field.name} />;
      case "textarea":
        return <TextAreaField key={field.name} form={form} name={field.name} hint={hint} rows={3} maxLength={field.maxLength} />;
      case "file":
        return <FileField key={field.name} form={form} name={field.name} accept="image/png,image/jpeg,image/webp" />;
      default:
        return (
          <TextField
            key={field.name}
            form={form}
            name={field.name}
            hint={hint}
            type={field.kind === "number" ? "number" : "text"}
            inputMode={field.kind === "number" ? "decimal" : undefined}
            min={field.min}
            max={field.max}
            step={field.step}
            maxLength={field.maxLength}
            autoComplete={field.autoComplete}
          />
        );
    }
  };

  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate aria-labelledby={`store-settings-${tab}`}>
      <div className="card-body gap-4">
        <h2 id={`store-settings-${tab}`} className="card-title">
          {t(`tab.${tab}`)}
        </h2>
        <FormError text={form.formError} />
        {tab === "bank" && settings.bankLogo && (
          <img src={settings.bankLogo} alt={t("bankLogoCurrent")} className="h-12 max-w-48 self-start object-contain" />
        )}
        <div className="grid gap-4 md:grid-cols-2">{fields.map(control)}</div>
        <div className="card-actions">
          <SubmitButton sending={form.sending}>{t("save")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
