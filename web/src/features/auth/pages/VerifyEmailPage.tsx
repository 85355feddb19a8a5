import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { useSession } from "../../../providers/session";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { resendVerification, verifyEmail } from "../api";
import { AuthFrame, authPath, useAuthLook } from "../components/AuthFrame";

type Outcome = { ok: boolean; text: string };

// A token is single-use: one request per token, even when React mounts the page twice.
const requests = new Map<string, Promise<Outcome>>();
function verifyOnce(token: string): Promise<Outcome> {
  let request = requests.get(token);
  if (!request) {
    request = verifyEmail({ token }).then(
      (answer) => ({ ok: true, text: answer.message }),
      (error: unknown) => ({ ok: false, text: error instanceof ApiError ? error.message : String(error) }),
    );
    requests.set(token, request);
  }
  return request;
}

function Confirming({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const { isLoggedIn, updateUserData } = useSession();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    let live = true;
    void verifyOnce(token).then((result) => {
      if (!live) return;
      setOutcome(result);
      if (result.ok) updateUserData({ emailVerified: true });
    });
    return () => {
      live = false;
    };
  }, [token, updateUserData]);
  if (!outcome) {
    return (
      <div role="status" className="flex items-center gap-3">
        <span className="loading loading-spinner text-primary" aria-hidden="true" />
        {t("verifying")}
      </div>
    );
  }
  return (
    <>
      <div role={outcome.ok ? "status" : "alert"} className={`alert alert-soft ${outcome.ok ? "alert-success" : "alert-error"}`}>
        {outcome.text}
      </div>
      <Link href={isLoggedIn ? "/" : "/login"} className="btn btn-primary">
        {isLoggedIn ? t("continue") : t("signIn")}
      </Link>
    </>
  );
}

function CheckYourMail() {
  const { t } = useTranslation("auth");
  const { userData } = useSession();
  const snackbar = useSnackbar();
  const look = useAuthLook();
  const [sending, setSending] = useState(false);
  if (!userData) {
    return (
      <>
        <p>{t("verifySignedOut")}</p>
        <Link href={authPath("login", look)} className="btn btn-primary">
          {t("signIn")}
        </Link>
      </>
    );
  }
  return (
    <>
      <p>
        {t("verifySentTo")} <strong className="break-all">{userData.userEmail}</strong>
      </p>
      <p className="text-base-content/70">{t("verifyHelp")}</p>
      <Link href="/" className="btn btn-primary">
        {t("skipForNow")}
      </Link>
      <p className="text-center text-sm">
        {t("noMail")}{" "}
        <button
          type="button"
          className="link link-primary"
          disabled={sending}
          onClick={async () => {
            setSending(true);
            try {
              snackbar.success((await resendVerification()).message);
            } catch (error) {
              snackbar.error(error instanceof ApiError ? error.message : t("common:errorText"));
            } finally {
              setSending(false);
            }
          }}
        >
          {t("resend")}
        </button>
      </p>
    </>
  );
}

/** With `?token=` (the mail's link) it confirms the address; without, it asks the user to check their mail. */
export default function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const token = new URLSearchParams(useSearch()).get("token");
  return <AuthFrame title={t("verifyTitle")}>{token ? <Confirming token={token} /> : <CheckYourMail />}</AuthFrame>;
}
