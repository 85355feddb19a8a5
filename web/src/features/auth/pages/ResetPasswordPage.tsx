import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { FormError, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { resetPassword } from "../api/account";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";

type Values = { password: string; confirm: string };
const validate = (v: Values) => ({ password: rules.password(v.password), confirm: rules.matches(v.confirm, v.password) });

/** Opened from the reset mail: the token is in `?token=`. */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const look = useAuthLook();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const form = useForm<Values>({ password: "", confirm: "" }, validate);
  const [done, setDone] = useState<string | null>(null);

  let body;
  if (!token) {
    body = (
      <div role="alert" className="alert alert-warning alert-soft">
        <span>
          {t("resetNoToken")}{" "}
          <Link href={authPath("forgot-password", look)} className="link">
            {t("askNewLink")}
          </Link>
        </span>
      </div>
    );
  } else if (done) {
    body = (
      <div role="status" className="alert alert-success alert-soft">
        {done}
      </div>
    );
  } else {
    body = (
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={form.submit(async (values) => setDone((await resetPassword({ token, password: values.password })).message))}
      >
        <FormError text={form.formError} />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t("newPassword")}
          autoComplete="new-password"
          hint={t("passwordHint")}
          autoFocus
        />
        <TextField form={form} name="confirm" type="password" label={t("confirmPassword")} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary" disabled={form.sending}>
          {form.sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t("setNewPassword")}
        </button>
      </form>
    );
  }
  return (
    <AuthFrame title={t("resetTitle")} subtitle={t("resetPrompt")}>
      {body}
      <Link href={authPath("login", look)} className="link link-primary flex items-center justify-center gap-1 text-sm">
        <span className="icon-directional" aria-hidden="true">
          ‹
        </span>
        {t("backToLogin")}
      </Link>
    </AuthFrame>
  );
}
