import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useAppSettings } from "../../../providers/settings";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { forgotPassword } from "../api";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";
import { useHumanCheck } from "../components/HumanCheck";

type Values = { email: string };

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const look = useAuthLook();
  const form = useForm<Values>({ email: "" }, { email: { label: t("email"), check: rules.email } });
  const [sent, setSent] = useState<string | null>(null);
  const humanCheck = useHumanCheck(useAppSettings().turnstileSiteKey, true);
  const send = async (values: Values) => {
    try {
      setSent((await forgotPassword({ email: values.email.trim(), turnstileToken: humanCheck.token })).message);
    } catch (error) {
      humanCheck.after(error);
      throw error;
    }
  };
  return (
    <AuthFrame title={t("forgotTitle")} subtitle={t("forgotPrompt")}>
      {sent ? (
        <div role="status" className="alert alert-success alert-soft">
          {sent}
        </div>
      ) : (
        <form className="flex flex-col gap-4" method="post" noValidate onSubmit={form.submit(send)}>
          <FormError text={form.formError} />
          <TextField form={form} name="email" type="email" autoComplete="email" autoFocus />
          {humanCheck.element}
          <SubmitButton sending={form.sending}>{t("sendResetLink")}</SubmitButton>
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
