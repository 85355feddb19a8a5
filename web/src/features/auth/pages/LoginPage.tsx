import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { afterLoginTarget, signedInHome } from "../../../lib/home";
import { useSession } from "../../../providers/session";
import { useAppSettings } from "../../../providers/settings";
import { FormError, SubmitButton, TextField, useKeptBeforeHydration } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { lazyComponent } from "../../../lib/lazyComponent";
import { login } from "../api";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";
import { useHumanCheck } from "../components/HumanCheck";

type Values = { email: string; password: string; rememberMe: boolean };

// Its own chunk, fetched after the page: /login's first load stays in budget (decision 0002).
const PasskeySignIn = lazyComponent(() => import("../components/PasskeySignIn"));

/**
 * Holds the passkey button's place in the prerendered page and until its chunk arrives: the form is centred,
 * and a block appearing under it would lift the Sign in button while a pointer was pressing it (the click
 * was lost).
 */
const PasskeyPlace = () => <div className="btn invisible" aria-hidden="true" />;

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const search = useSearch();
  const look = useAuthLook();
  // Asked for only after repeated failures, when the operator turned Turnstile on.
  const humanCheck = useHumanCheck(useAppSettings().turnstileSiteKey, false);
  const form = useForm<Values>(
    { email: "", password: "", rememberMe: false },
    { email: { label: t("email"), check: rules.email }, password: { label: t("password"), check: rules.required } },
  );

  const keepTicked = useKeptBeforeHydration(form, "rememberMe");

  const signedIn = (answer: Parameters<typeof signIn>[0]) => {
    signIn(answer);
    navigate(afterLoginTarget(search, signedInHome(answer.userData.role)), { replace: true });
  };

  const onSubmit = form.submit(async (values) => {
    let answer;
    try {
      answer = await login({ ...values, turnstileToken: humanCheck.token });
    } catch (error) {
      humanCheck.after(error);
      throw error;
    }
    if ("twoFactorRequired" in answer) {
      // The challenge travels in the address; `to` comes along so the user still lands where they meant to.
      const query = new URLSearchParams(search);
      query.set("challenge", answer.challenge);
      navigate(`${authPath("two-steps", look)}?${query.toString()}`);
      return;
    }
    signedIn(answer);
  });

  return (
    <AuthFrame title={t("welcome")} subtitle={t("signInPrompt")}>
      <form className="flex flex-col gap-4" method="post" onSubmit={onSubmit} noValidate>
        <FormError text={form.formError} />
        <TextField form={form} name="email" type="email" autoComplete="username webauthn" autoFocus />
        <TextField form={form} name="password" type="password" autoComplete="current-password" />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary"
              ref={keepTicked}
              checked={form.values.rememberMe}
              onChange={(e) => form.set("rememberMe", e.target.checked)}
            />
            <span>{t("rememberMe")}</span>
          </label>
          <Link href={authPath("forgot-password", look)} className="link link-primary text-sm">
            {t("forgotLink")}
          </Link>
        </div>
        {humanCheck.element}
        <SubmitButton sending={form.sending}>{t("signIn")}</SubmitButton>
        <Suspense fallback={<PasskeyPlace />}>
          <PasskeySignIn rememberMe={form.values.rememberMe} onSignedIn={signedIn} place={<PasskeyPlace />} />
        </Suspense>
        <p className="text-center text-sm">
          {t("newHere")}{" "}
          <Link href={authPath("register", look)} className="link link-primary">
            {t("createAccount")}
          </Link>
        </p>
        <p className="flex justify-center gap-4 text-sm">
          <Link href="/front-pages/pricing" className="link">
            {t("pricingLink")}
          </Link>
          <Link href="/front-pages/help-center" className="link">
            {t("helpLink")}
          </Link>
        </p>
      </form>
    </AuthFrame>
  );
}
