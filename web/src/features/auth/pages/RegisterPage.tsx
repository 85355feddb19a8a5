import type { TFunction } from "i18next";
import { Trans, useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { useSession } from "../../../providers/session";
import { useAppSettings } from "../../../providers/settings";
import { CheckboxField } from "../../../components/FormControls";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm, type FieldSpecs, type FormState } from "../../../lib/form";
import { register } from "../api";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";
import { useHumanCheck } from "../components/HumanCheck";

export type RegisterValues = {
  userName: string;
  userEmail: string;
  userPhone: string;
  password: string;
  confirm: string;
  acceptTerms: boolean;
};

export const EMPTY_REGISTRATION: RegisterValues = {
  userName: "",
  userEmail: "",
  userPhone: "",
  password: "",
  confirm: "",
  acceptTerms: false,
};

/**
 * The registration's fields (both looks of the page): labels and rules. With published terms
 * (`termsUrl`), they must be accepted.
 */
export const registrationFields = (t: TFunction<"auth">, termsUrl: string | null): FieldSpecs<RegisterValues> => ({
  userName: { label: t("fullName"), check: rules.required },
  userEmail: { label: t("email"), check: rules.email },
  userPhone: { label: t("phoneOptional") },
  password: { label: t("password"), check: rules.password },
  confirm: { label: t("confirmPassword"), check: (confirm, v) => rules.matches(confirm, v.password) },
  acceptTerms: { label: t("terms"), check: (accepted) => (termsUrl && !accepted ? "auth:acceptTermsRequired" : undefined) },
});

/**
 * The terms' checkbox, with a link to them; nothing when the portal publishes none. A prerendered page is
 * rendered without terms (the build does not know them): its place is kept, shown inert from the first
 * paint when the Worker served the page with terms (<html data-terms>), so hydration moves nothing.
 */
export function TermsField({ form, termsUrl }: { form: FormState<RegisterValues>; termsUrl: string | null }) {
  const { t } = useTranslation("auth");
  const link = <a href={termsUrl ?? undefined} target="_blank" rel="noopener noreferrer" className="link link-primary" />;
  const field = (
    <CheckboxField form={form} name="acceptTerms" label={<Trans t={t} i18nKey="acceptTerms" components={{ terms: link }} />} />
  );
  if (termsUrl) return field;
  return (
    <div aria-hidden="true" inert className="hidden in-data-terms:block">
      {field}
    </div>
  );
}

/**
 * Sends the registration; the new client is signed in and asked to confirm their email. With Turnstile
 * on, the form shows `humanCheck.element` and its token goes along; with published terms, their acceptance.
 */
export function useRegister() {
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const look = useAuthLook();
  const { turnstileSiteKey, termsUrl } = useAppSettings();
  const humanCheck = useHumanCheck(turnstileSiteKey, true);
  // An invite link (/register?ref=CODE) ties the new account to the client who shared it.
  const referralCode = new URLSearchParams(useSearch()).get("ref")?.trim();
  const send = async (v: RegisterValues) => {
    let answer;
    try {
      answer = await register({
        userName: v.userName.trim(),
        userEmail: v.userEmail.trim(),
        password: v.password,
        userPhone: v.userPhone.trim() || undefined,
        turnstileToken: humanCheck.token,
        ...(termsUrl ? { acceptTerms: v.acceptTerms } : {}),
        ...(referralCode ? { referralCode } : {}),
      });
    } catch (error) {
      humanCheck.after(error);
      throw error;
    }
    signIn(answer);
    navigate(authPath("verify-email", look), { replace: true });
  };
  return { send, humanCheck: humanCheck.element };
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const look = useAuthLook();
  const { termsUrl } = useAppSettings();
  const form = useForm<RegisterValues>(EMPTY_REGISTRATION, registrationFields(t, termsUrl));
  const { send, humanCheck } = useRegister();
  return (
    <AuthFrame title={t("registerTitle")} subtitle={t("registerPrompt")}>
      <form className="flex flex-col gap-4" method="post" onSubmit={form.submit(send)} noValidate>
        <FormError text={form.formError} />
        <TextField form={form} name="userName" autoComplete="name" autoFocus />
        <TextField form={form} name="userEmail" type="email" autoComplete="email" />
        <TextField form={form} name="userPhone" type="tel" autoComplete="tel" />
        <TextField form={form} name="password" type="password" autoComplete="new-password" hint={t("passwordHint")} />
        <TextField form={form} name="confirm" type="password" autoComplete="new-password" />
        <TermsField form={form} termsUrl={termsUrl} />
        {humanCheck}
        <SubmitButton sending={form.sending}>{t("signUp")}</SubmitButton>
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
