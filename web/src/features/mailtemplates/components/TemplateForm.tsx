import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextAreaField } from "../../../components/FormControls";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { useConfirm } from "../../../components/ConfirmDialog";
import { ApiError } from "../../../lib/api";
import { rules, useForm } from "../../../lib/form";
import { useSnackbar } from "../../../lib/snackbar";
import {
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
  type MailPreview,
  type MailTemplate,
  type MailTemplateText,
} from "../api";

interface Values {
  subject: string;
  body: string;
}

/**
 * One kind's text in one language (decision 0008's form): the Worker's refusal of a placeholder shows under
 * the field it is in, with what was typed kept. Preview renders the draft as the next mail would read.
 */
export function TemplateForm({
  template,
  text,
  onSaved,
}: {
  template: MailTemplate;
  text: MailTemplateText;
  onSaved: (template: MailTemplate) => void;
}) {
  const { t } = useTranslation("mailtemplates");
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [resetting, setResetting] = useState(false);
  const form = useForm<Values>(
    { subject: text.subject, body: text.body },
    { subject: { label: t("subject"), check: rules.required }, body: { label: t("body"), check: rules.required } },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  const draft = (values: Values) => ({ kind: template.kind, language: text.language, ...values });
  const dir = text.language === "ar" ? "rtl" : "ltr";

  const onSubmit = form.submit(async (values) => {
    const answer = await saveMailTemplate(draft(values));
    onSaved(answer.template);
    return answer.message;
  });
  const onPreview = form.submit(async (values) => {
    setPreview(await previewMailTemplate(draft(values)));
  });

  async function onReset() {
    const ok = await confirm({ title: t("resetTitle"), text: t("resetText"), confirmText: t("reset") });
    if (!ok) return;
    setResetting(true);
    try {
      const answer = await resetMailTemplate(template.kind, text.language);
      snackbar.success(answer.message);
      onSaved(answer.template);
    } catch (error) {
      snackbar.error(t("resetFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setResetting(false);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate aria-labelledby="mail-template-heading">
        <div className="card-body gap-4">
          <h2 id="mail-template-heading" className="card-title flex-wrap">
            {t(`kindName.${template.kind}`, { defaultValue: template.kind })}
            <span className={`badge ${text.customised ? "badge-primary" : "badge-ghost"}`}>
              {t(text.customised ? "customised" : "standard")}
            </span>
          </h2>
          <FormError text={form.formError} />
          {/* The template's source: its {{placeholders}} are identifiers, not words of the page's language. */}
          <TextField form={form} name="subject" dir={dir} maxLength={300} translate="no" />
          <TextAreaField form={form} name="body" dir={dir} rows={10} maxLength={5000} hint={t("bodyHint")} translate="no" />
          <div>
            <p className="text-sm font-medium">{t("placeholders")}</p>
            <ul className="mt-1 flex flex-wrap gap-2" aria-label={t("placeholders")} translate="no">
              {template.placeholders.map((name) => (
                <li key={name}>
                  <code className="badge badge-outline" dir="ltr">{`{{${name}}}`}</code>
                </li>
              ))}
            </ul>
          </div>
          <div className="card-actions flex-wrap">
            <SubmitButton sending={form.sending}>{t("save")}</SubmitButton>
            <button type="button" className="btn btn-outline" onClick={() => void onPreview()} disabled={form.sending}>
              {t("preview")}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => void onReset()}
              disabled={!text.customised || resetting || form.sending}
            >
              {t("reset")}
            </button>
          </div>
        </div>
      </form>
      <section className="card bg-base-100 shadow-sm" aria-labelledby="mail-preview-heading" aria-live="polite">
        <div className="card-body gap-3">
          <h2 id="mail-preview-heading" className="card-title">
            {t("previewTitle")}
          </h2>
          {preview ? (
            <>
              <p className="text-sm text-base-content/70">{t(preview.example === "outbox" ? "fromOutbox" : "fromSample")}</p>
              <div lang={text.language} dir={dir} className="flex flex-col gap-2">
                <p className="font-semibold break-words">{preview.subject}</p>
                <p className="whitespace-pre-wrap break-words">{preview.body}</p>
              </div>
            </>
          ) : (
            <p className="text-sm text-base-content/70">{t("previewEmpty")}</p>
          )}
        </div>
      </section>
    </div>
  );
}
