import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../../components/FormControls";
import { SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { EVENTS, saveWebhook, type WebhookEvent } from "../api";

type Values = { url: string } & Record<WebhookEvent, boolean>;

/** Adds an endpoint: its https address and the events it takes. The answer's secret is the page's to show. */
export function EndpointForm({ onCreated }: { onCreated: (created: { secret: string; url: string }) => Promise<unknown> }) {
  const { t } = useTranslation("webhooks");
  const form = useForm<Values>(
    { url: "", "job.queued": true, "job.finished": true, "payment.confirmed": false, "payment.refunded": false },
    { url: { label: t("url"), check: rules.required } },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  const create = form.submit(async (values) => {
    const answer = await saveWebhook({
      webhookId: 0,
      url: values.url.trim(),
      events: EVENTS.filter((event) => values[event]),
      active: true,
    });
    form.reset();
    await onCreated({ secret: answer.secret ?? "", url: answer.webhook.url });
    return answer.message;
  });
  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={create} noValidate aria-label={t("addEndpoint")}>
      <div className="card-body gap-3">
        <h2 className="card-title text-base">{t("addEndpoint")}</h2>
        <TextField
          form={form}
          name="url"
          type="url"
          maxLength={500}
          autoComplete="off"
          placeholder="https://"
          hint={t("urlHint")}
        />
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="mb-1 text-sm font-medium">{t("events")}</legend>
          {EVENTS.map((event) => (
            <CheckboxField key={event} form={form} name={event} label={<code>{event}</code>} />
          ))}
        </fieldset>
        <div>
          <SubmitButton sending={form.sending} className="btn-primary">
            {t("create")}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
