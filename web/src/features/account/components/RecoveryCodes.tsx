import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { useAppSettings } from "../../../providers/settings";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { makeRecoveryCodes } from "../api";
import { printText, saveTextFile } from "../lib/files";

/** A new set of recovery codes, shown once: download or print them, then say they are kept. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("account");
  const { siteName } = useAppSettings();
  const title = t("recoveryCodesFileTitle", { site: siteName || window.location.host });
  const text = [title, new Date().toISOString().slice(0, 10), "", t("recoveryCodesFileHelp"), "", ...codes, ""].join("\n");
  return (
    <div className="flex flex-col gap-3 rounded-box border border-warning bg-base-100 p-4" data-testid="recovery-codes">
      <h3 className="font-semibold">{t("recoveryCodesNew")}</h3>
      <p className="text-sm text-base-content/70">{t("recoveryCodesHelp")}</p>
      {/* Codes read left to right in every language. */}
      <ul className="grid grid-cols-2 gap-2 font-mono" dir="ltr" aria-label={t("recoveryCodes")}>
        {codes.map((code) => (
          <li key={code} className="rounded bg-base-200 px-2 py-1 text-center select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={() => saveTextFile(text, "recovery-codes.txt")}>
          {t("downloadCodes")}
        </button>
        <button type="button" className="btn btn-sm" onClick={() => printText(title, text)}>
          {t("printCodes")}
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={onDone}>
          {t("codesKept")}
        </button>
      </div>
    </div>
  );
}

type PasswordValues = { password: string };

/** With two-factor on: how many codes are left, and a new set for the password. */
export function RecoveryCodesSection() {
  const { t } = useTranslation("account");
  const { userData, updateUserData } = useSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm<PasswordValues>(
    { password: "" },
    { password: { label: t("passwordForNewCodes"), check: rules.required } },
  );
  const left = userData?.recoveryCodesLeft ?? 0;

  const make = form.submit(async ({ password }) => {
    const answer = await makeRecoveryCodes({ password });
    setCodes(answer.recoveryCodes);
    updateUserData({ recoveryCodesLeft: answer.recoveryCodes.length });
    form.reset({ password: "" });
    return answer.message;
  });

  if (codes) return <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="font-semibold">
        {t("recoveryCodes")}
      </h3>
      {left === 0 ? (
        <div role="alert" className="alert alert-warning alert-soft">
          {t("noRecoveryCodesLeft")}
        </div>
      ) : (
        <p data-testid="recovery-codes-left">
          <span className={`badge ${left <= 3 ? "badge-warning" : "badge-ghost"} me-2`}>{left}</span>
          {t("recoveryCodesLeft", { count: left })}
        </p>
      )}
      <p className="text-sm text-base-content/70">{t("recoveryCodesOnce")}</p>
      <form className="flex max-w-md flex-col gap-4" onSubmit={make} noValidate>
        <FormError text={form.formError} />
        <TextField form={form} name="password" type="password" autoComplete="current-password" />
        <SubmitButton sending={form.sending} className="btn-outline w-fit">
          {t("makeNewCodes")}
        </SubmitButton>
      </form>
    </section>
  );
}
