import { useTranslation } from "react-i18next";
import { FormError, TextField } from "../../../components/FormField";
import { useSnackbar } from "../../../components/Snackbar";
import { rules, useForm } from "../../../lib/form";
import { changePassword } from "../api/account";

type Values = { currentPassword: string; newPassword: string; confirm: string };
const EMPTY: Values = { currentPassword: "", newPassword: "", confirm: "" };
const validate = (v: Values) => ({
  currentPassword: rules.required(v.currentPassword),
  newPassword: rules.password(v.newPassword),
  confirm: rules.matches(v.confirm, v.newPassword),
});

export function ChangePasswordCard({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation("account");
  const snackbar = useSnackbar();
  const form = useForm<Values>(EMPTY, validate);
  const onSubmit = form.submit(async ({ currentPassword, newPassword }) => {
    const answer = await changePassword({ currentPassword, newPassword });
    form.reset(EMPTY);
    snackbar.success(answer.message);
    // The other sessions were signed out: the list changes.
    onChanged();
  });
  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body gap-4">
        <h2 className="card-title">{t("changePassword")}</h2>
        <FormError text={form.formError} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            form={form}
            name="currentPassword"
            type="password"
            label={t("currentPassword")}
            autoComplete="current-password"
          />
          <span className="hidden md:block" />
          <TextField
            form={form}
            name="newPassword"
            type="password"
            label={t("newPassword")}
            autoComplete="new-password"
            hint={t("passwordHint")}
          />
          <TextField form={form} name="confirm" type="password" label={t("confirmPassword")} autoComplete="new-password" />
        </div>
        <div className="card-actions">
          <button type="submit" className="btn btn-primary" disabled={form.sending}>
            {form.sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("changePassword")}
          </button>
        </div>
      </div>
    </form>
  );
}
