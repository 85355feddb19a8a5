import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { api, ApiError } from "../../../lib/api";

const PREFERENCES = ["subscriptionEnding", "paymentReminder", "lowBalance", "jobDone"] as const;

/** Which mail a link's token turns off (`<user>.<preference>.<signature>`); the server checks the signature. */
const preferenceOf = (token: string) => PREFERENCES.find((p) => token.split(".")[1] === p) ?? null;

type State = { step: "ask" } | { step: "sending" } | { step: "done"; message: string } | { step: "failed"; message: string };

/**
 * The page a mail's "stop these mails" link opens (/unsubscribe?token=…, issue 24): it asks before turning
 * the mail off, so a link scanner's visit changes nothing; mail clients use the one-click POST instead
 * (RFC 8058). A page for visitors, so in this feature whose translations load without the signed-in app's.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation("misc");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const preference = preferenceOf(token);
  const [state, setState] = useState<State>({ step: "ask" });

  async function confirm() {
    setState({ step: "sending" });
    try {
      const answer = await api("unsubscribe", { token });
      setState({ step: "done", message: answer.message });
    } catch (error) {
      setState({ step: "failed", message: error instanceof ApiError ? error.message : t("unsubscribe.failed") });
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title">{t("unsubscribe.title")}</h1>
          {!preference ? (
            <div role="alert" className="alert alert-error alert-soft">
              {t("unsubscribe.invalid")}
            </div>
          ) : state.step === "done" ? (
            <div role="status" className="alert alert-success alert-soft">
              {state.message}
            </div>
          ) : (
            <>
              <p>{t("unsubscribe.ask", { what: t(`unsubscribe.what.${preference}`) })}</p>
              {state.step === "failed" && (
                <div role="alert" className="alert alert-error alert-soft">
                  {state.message}
                </div>
              )}
              <div className="card-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={state.step === "sending"}
                  onClick={() => void confirm()}
                >
                  {state.step === "sending" && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  {t("unsubscribe.button")}
                </button>
              </div>
            </>
          )}
          <p className="text-sm text-base-content/70">
            {t("unsubscribe.settings")}{" "}
            <Link href="/pages/account-settings/notifications" className="link">
              {t("unsubscribe.settingsLink")}
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
