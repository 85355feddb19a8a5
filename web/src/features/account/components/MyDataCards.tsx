import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useSession } from "../../../providers/session";
import { CheckboxField } from "../../../components/FormControls";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { rules, useForm } from "../../../lib/form";
import { closeAccount, exportMyData } from "../api";
import { saveTextFile } from "../lib/files";

/** Everything the portal keeps about the user, as one JSON file. */
export function ExportDataCard() {
  const { t } = useTranslation("account");
  const snackbar = useSnackbar();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setLoading(true);
    setError(null);
    try {
      const data = await exportMyData();
      saveTextFile(JSON.stringify(data, null, 2), `my-data-${data.exportedAt.slice(0, 10)}.json`, "application/json");
      snackbar.success(t("exportSaved"));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t("common:errorText"));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="export-data-title">
      <div className="card-body gap-4">
        <h2 id="export-data-title" className="card-title">
          {t("exportTitle")}
        </h2>
        <p className="text-base-content/70">{t("exportText")}</p>
        {error && (
          <div role="alert" className="alert alert-error alert-soft">
            {error}
          </div>
        )}
        <button
          type="button"
          className="btn btn-outline w-fit"
          onClick={() => void download()}
          disabled={loading}
          aria-busy={loading}
        >
          {loading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t("exportButton")}
        </button>
      </div>
    </section>
  );
}

type CloseValues = { understood: boolean; password: string };

/** Closes the account with the password, once the user says they understand what goes and what stays. */
export function CloseAccountCard() {
  const { t } = useTranslation("account");
  const { forget } = useSession();
  const [, navigate] = useLocation();
  const form = useForm<CloseValues>(
    { understood: false, password: "" },
    {
      understood: { label: t("closeUnderstood"), check: (value) => (value ? undefined : "account:closeConfirmRequired") },
      password: { label: t("passwordToClose"), check: rules.required },
    },
  );

  const close = form.submit(async ({ password }) => {
    const answer = await closeAccount({ password });
    // The server ended every session: nothing to sign out of, only this page's state to drop.
    navigate("/login", { replace: true });
    forget();
    return answer.message;
  });

  return (
    <section className="card border border-error/40 bg-base-100 shadow-sm" aria-labelledby="close-account-title">
      <form className="card-body gap-4" onSubmit={close} noValidate>
        <h2 id="close-account-title" className="card-title">
          {t("closeTitle")}
        </h2>
        <div role="note" className="alert alert-warning alert-soft flex-col items-start gap-1">
          <p>{t("closeErases")}</p>
          <p>{t("closeKeeps")}</p>
        </div>
        <FormError text={form.formError} />
        <CheckboxField form={form} name="understood" label={t("closeUnderstood")} />
        <div className="max-w-md">
          <TextField form={form} name="password" type="password" autoComplete="current-password" />
        </div>
        <SubmitButton sending={form.sending} className="btn-error w-fit">
          {t("closeButton")}
        </SubmitButton>
      </form>
    </section>
  );
}
