import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import { SelectField, ToggleField } from "../../../components/FormControls";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { ErrorState, Loading } from "../../../components/PageStates";
import type { CallAnswer } from "../../../lib/api";
import { useForm } from "../../../lib/form";
import { SWR_DEFAULTS } from "../../../lib/swr";
import { notificationSettings, saveNotificationSettings, SETTINGS_KEY } from "../api";

type Settings = CallAnswer<"me">["notificationSettings"];

/** The threshold as the form holds it: the default (the site used most), off, or a number of points. */
type Threshold = "default" | "off" | "custom";

interface Values {
  threshold: Threshold;
  points: string;
  subscriptionEnding: boolean;
  paymentReminder: boolean;
  lowBalance: boolean;
  jobDone: boolean;
}

const valuesOf = (s: Settings): Values => ({
  threshold: s.lowBalanceThreshold === null ? "default" : s.lowBalanceThreshold === 0 ? "off" : "custom",
  points: s.lowBalanceThreshold ? String(s.lowBalanceThreshold) : "",
  ...s.mail,
});

const MAIL_KINDS = ["subscriptionEnding", "paymentReminder", "lowBalance", "jobDone"] as const;

function SettingsForm({ settings, onSaved }: { settings: Settings; onSaved: (next: Settings) => void }) {
  const { t } = useTranslation("notifications");
  const form = useForm<Values>(
    valuesOf(settings),
    {
      threshold: { label: t("threshold") },
      points: {
        label: t("thresholdPoints"),
        check: (points, v) =>
          v.threshold !== "custom" ? undefined : /^[1-9]\d{0,8}$/.test(points.trim()) ? undefined : "validation.number",
      },
      subscriptionEnding: { label: t("mail.subscriptionEnding") },
      paymentReminder: { label: t("mail.paymentReminder") },
      lowBalance: { label: t("mail.lowBalance") },
      jobDone: { label: t("mail.jobDone") },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailed") } },
  );
  const onSubmit = form.submit(async (v) => {
    const lowBalanceThreshold = v.threshold === "default" ? null : v.threshold === "off" ? 0 : Number(v.points.trim());
    const mail = {
      subscriptionEnding: v.subscriptionEnding,
      paymentReminder: v.paymentReminder,
      lowBalance: v.lowBalance,
      jobDone: v.jobDone,
    };
    const answer = await saveNotificationSettings({ lowBalanceThreshold, mail });
    onSaved(answer.notificationSettings);
    return answer.message;
  });
  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body gap-4">
        <h1 className="card-title">{t("settingsTitle")}</h1>
        <FormError text={form.formError} />
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 font-semibold">{t("mailTitle")}</legend>
          <p className="text-sm text-base-content/70">{t("mailText")}</p>
          {MAIL_KINDS.map((kind) => (
            <ToggleField key={kind} form={form} name={kind} />
          ))}
        </fieldset>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 font-semibold">{t("lowBalanceTitle")}</legend>
          <p className="text-sm text-base-content/70">{t("lowBalanceText")}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField form={form} name="threshold">
              <option value="default">{t("thresholdDefault")}</option>
              <option value="off">{t("thresholdOff")}</option>
              <option value="custom">{t("thresholdCustom")}</option>
            </SelectField>
            {form.values.threshold === "custom" && (
              <TextField form={form} name="points" type="number" inputMode="numeric" min={1} data-testid="threshold-points" />
            )}
          </div>
        </fieldset>
        <div className="card-actions">
          <SubmitButton sending={form.sending}>{t("save")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}

/** Account settings → Notifications (/pages/account-settings/notifications): which mails, the low-balance alert. */
export default function NotificationSettingsPage() {
  const { t } = useTranslation("notifications");
  const settings = useSWR(SETTINGS_KEY, notificationSettings, SWR_DEFAULTS);
  return (
    <section className="flex flex-col gap-6">
      <AccountSettingsTabs current="notifications" />
      {settings.error && !settings.data ? (
        <ErrorState text={t("settingsFailed")} onRetry={() => void settings.mutate()} />
      ) : !settings.data ? (
        <Loading />
      ) : (
        <SettingsForm settings={settings.data} onSaved={(next) => void settings.mutate(next, { revalidate: false })} />
      )}
    </section>
  );
}
