import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { afterLoginTarget, signedInHome } from "../../../lib/home";
import { useSession } from "../../../providers/session";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { twoSteps } from "../api";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";

type Values = { code: string; recoveryCode: string };

const EMPTY: Values = { code: "", recoveryCode: "" };

/**
 * The second step of a sign-in with TOTP: the challenge from the login answer is in `?challenge=`. The
 * code comes from the authenticator app, or (lost phone) one of the account's recovery codes.
 */
export default function TwoStepsPage() {
  const { t } = useTranslation("auth");
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const look = useAuthLook();
  const search = useSearch();
  const challenge = new URLSearchParams(search).get("challenge") ?? "";
  const [byRecoveryCode, setByRecoveryCode] = useState(false);
  const form = useForm<Values>(EMPTY, {
    code: { label: t("code"), check: (value) => (byRecoveryCode ? undefined : rules.code(value)) },
    recoveryCode: { label: t("recoveryCode"), check: (value) => (byRecoveryCode ? rules.required(value) : undefined) },
  });

  const onSubmit = form.submit(async ({ code, recoveryCode }) => {
    const answer = await twoSteps(
      byRecoveryCode ? { challenge, recoveryCode: recoveryCode.trim() } : { challenge, code: code.trim() },
    );
    signIn(answer);
    navigate(afterLoginTarget(search, signedInHome(answer.userData.role)), { replace: true });
  });

  const back = new URLSearchParams(search);
  back.delete("challenge");
  const loginHref = `${authPath("login", look)}${back.size ? `?${back.toString()}` : ""}`;

  return (
    <AuthFrame title={t("twoStepsTitle")} subtitle={byRecoveryCode ? t("twoStepsRecoveryPrompt") : t("twoStepsPrompt")}>
      {challenge ? (
        <form className="flex flex-col gap-4" method="post" onSubmit={onSubmit} noValidate>
          <FormError text={form.formError} />
          {byRecoveryCode ? (
            <TextField
              key="recoveryCode"
              form={form}
              name="recoveryCode"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              dir="ltr"
              maxLength={40}
              hint={t("recoveryCodeHint")}
              autoFocus
            />
          ) : (
            <TextField
              key="code"
              form={form}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
            />
          )}
          <SubmitButton sending={form.sending}>{t("verify")}</SubmitButton>
          <button
            type="button"
            className="btn btn-link btn-sm self-center"
            onClick={() => {
              setByRecoveryCode((on) => !on);
              form.reset(EMPTY);
            }}
          >
            {byRecoveryCode ? t("useAppCode") : t("useRecoveryCode")}
          </button>
        </form>
      ) : (
        <div role="alert" className="alert alert-warning alert-soft">
          {t("twoStepsNoChallenge")}
        </div>
      )}
      <Link href={loginHref} className="link link-primary flex items-center justify-center gap-1 text-sm">
        <span className="icon-directional" aria-hidden="true">
          ‹
        </span>
        {t("backToLogin")}
      </Link>
    </AuthFrame>
  );
}
