import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { resetPassword } from "../api";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";

type Values = { password: string; confirm: string };

/** Opened from the reset mail: the token is in `?token=`. */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const look = useAuthLook();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const form = useForm<Values>(
    { password: "", confirm: "" },
    {
      password: { label: t("newPassword"), check: rules.password },
      confirm: { label: t("confirmPassword"), check: (confirm, v) => rules.matches(confirm, v.password) },
    },
  );
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
        method="post"
        noValidate
        onSubmit={form.submit(async (values) => setDone((await resetPassword({ token, password: values.password })).message))}
      >
        <FormError text={form.formError} />
        <TextField form={form} name="password" type="password" autoComplete="new-password" hint={t("passwordHint")} autoFocus />
        <TextField form={form} name="confirm" type="password" autoComplete="new-password" />
        <SubmitButton sending={form.sending}>{t("setNewPassword")}</SubmitButton>
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
