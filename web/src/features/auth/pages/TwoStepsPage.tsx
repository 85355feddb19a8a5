import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { afterLoginTarget, signedInHome } from "../../../lib/home";
import { useSession } from "../../../providers/session";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { api, ApiError } from "../../../lib/api";
import { twoSteps } from "../api";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";
import { usePasskeyTexts } from "../components/passkeyTexts";

type Values = { code: string; recoveryCode: string };

const EMPTY: Values = { code: "", recoveryCode: "" };

/**
 * The second step of a sign-in with TOTP: the challenge from the login answer is in `?challenge=`. The
 * code comes from the authenticator app, or (lost phone) one of the account's recovery codes.
 */
export default function TwoStepsPage() {
  const { t } = useTranslation("auth");
  const passkeyT = usePasskeyTexts();
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

  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);

  const signedIn = (answer: Parameters<typeof signIn>[0]) => {
    signIn(answer);
    navigate(afterLoginTarget(search, signedInHome(answer.userData.role)), { replace: true });
  };

  const onSubmit = form.submit(async ({ code, recoveryCode }) => {
    signedIn(
      await twoSteps(byRecoveryCode ? { challenge, recoveryCode: recoveryCode.trim() } : { challenge, code: code.trim() }),
    );
  });

  /** The second step by one of the user's passkeys; the WebAuthn code loads only when asked for. */
  const byPasskey = async () => {
    setPasskeyError(null);
    setPasskeyBusy(true);
    try {
      const [{ startAuthentication }, { options }] = await Promise.all([
        import("@simplewebauthn/browser"),
        // Straight to lib/api: ../api is in /login's first load, these calls are not.
        api("two-steps-passkey-options", { challenge }),
      ]);
      const response = await startAuthentication({
        optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      });
      signedIn(await api("two-steps-passkey", { challenge, response }));
    } catch (error) {
      const closed = error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
      if (!closed) setPasskeyError(error instanceof ApiError ? error.message : passkeyT("passkeyFailed"));
    } finally {
      setPasskeyBusy(false);
    }
  };

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
          <FormError text={passkeyError} />
          <button type="button" className="btn btn-outline" onClick={() => void byPasskey()} disabled={passkeyBusy}>
            {passkeyBusy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {passkeyT("usePasskey")}
          </button>
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
