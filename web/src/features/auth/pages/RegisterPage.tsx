import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useSession } from "../../../app/session";
import { FormError, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { register } from "../api/account";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";

export type RegisterValues = { userName: string; userEmail: string; userPhone: string; password: string; confirm: string };

export const EMPTY_REGISTRATION: RegisterValues = { userName: "", userEmail: "", userPhone: "", password: "", confirm: "" };

export const validateRegistration = (v: RegisterValues) => ({
  userName: rules.required(v.userName),
  userEmail: rules.email(v.userEmail),
  password: rules.password(v.password),
  confirm: rules.matches(v.confirm, v.password),
});

/** Sends the registration; the new client is signed in and asked to confirm their email. */
export function useRegister() {
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const look = useAuthLook();
  return async (v: RegisterValues) => {
    const answer = await register({
      userName: v.userName.trim(),
      userEmail: v.userEmail.trim(),
      password: v.password,
      userPhone: v.userPhone.trim() || undefined,
    });
    signIn(answer);
    navigate(authPath("verify-email", look), { replace: true });
  };
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const look = useAuthLook();
  const form = useForm<RegisterValues>(EMPTY_REGISTRATION, validateRegistration);
  const send = useRegister();
  return (
    <AuthFrame title={t("registerTitle")} subtitle={t("registerPrompt")}>
      <form className="flex flex-col gap-4" onSubmit={form.submit(send)} noValidate>
        <FormError text={form.formError} />
        <TextField form={form} name="userName" label={t("fullName")} autoComplete="name" autoFocus />
        <TextField form={form} name="userEmail" type="email" label={t("email")} autoComplete="email" />
        <TextField form={form} name="userPhone" type="tel" label={t("phoneOptional")} autoComplete="tel" />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t("password")}
          autoComplete="new-password"
          hint={t("passwordHint")}
        />
        <TextField form={form} name="confirm" type="password" label={t("confirmPassword")} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary" disabled={form.sending}>
          {form.sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t("signUp")}
        </button>
        <p className="text-center text-sm">
          {t("haveAccount")}{" "}
          <Link href={authPath("login", look)} className="link link-primary">
            {t("signInInstead")}
          </Link>
        </p>
      </form>
    </AuthFrame>
  );
}
