import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { FormError, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { forgotPassword } from "../api/account";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";

type Values = { email: string };
const validate = (v: Values) => ({ email: rules.email(v.email) });

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const look = useAuthLook();
  const form = useForm<Values>({ email: "" }, validate);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <AuthFrame title={t("forgotTitle")} subtitle={t("forgotPrompt")}>
      {sent ? (
        <div role="status" className="alert alert-success alert-soft">
          {sent}
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={form.submit(async (values) => setSent((await forgotPassword({ email: values.email.trim() })).message))}
        >
          <FormError text={form.formError} />
          <TextField form={form} name="email" type="email" label={t("email")} autoComplete="email" autoFocus />
          <button type="submit" className="btn btn-primary" disabled={form.sending}>
            {form.sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("sendResetLink")}
          </button>
        </form>
      )}
      <Link href={authPath("login", look)} className="link link-primary flex items-center justify-center gap-1 text-sm">
        <span className="icon-directional" aria-hidden="true">
          ‹
        </span>
        {t("backToLogin")}
      </Link>
    </AuthFrame>
  );
}
