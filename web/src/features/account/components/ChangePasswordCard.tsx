import { useTranslation } from "react-i18next";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { changePassword } from "../api";

type Values = { currentPassword: string; newPassword: string; confirm: string };
const EMPTY: Values = { currentPassword: "", newPassword: "", confirm: "" };

export function ChangePasswordCard({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation("account");
  const form = useForm<Values>(EMPTY, {
    currentPassword: { label: t("currentPassword"), check: rules.required },
    newPassword: { label: t("newPassword"), check: rules.password },
    confirm: { label: t("confirmPassword"), check: (confirm, v) => rules.matches(confirm, v.newPassword) },
  });
  const onSubmit = form.submit(async ({ currentPassword, newPassword }) => {
    const answer = await changePassword({ currentPassword, newPassword });
    form.reset(EMPTY);
    // The other sessions were signed out: the list changes.
    onChanged();
    return answer.message;
  });
  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body gap-4">
        <h2 className="card-title">{t("changePassword")}</h2>
        <FormError text={form.formError} />
        <div className="grid gap-4 md:grid-cols-3">
          <TextField form={form} name="currentPassword" type="password" autoComplete="current-password" />
          <TextField form={form} name="newPassword" type="password" autoComplete="new-password" hint={t("passwordHint")} />
          <TextField form={form} name="confirm" type="password" autoComplete="new-password" />
        </div>
        <div className="card-actions">
          <SubmitButton sending={form.sending}>{t("changePassword")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
