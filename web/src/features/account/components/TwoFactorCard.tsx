import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import { useSession } from "../../../providers/session";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { rules, useForm } from "../../../lib/form";
import { twoFactorDisable, twoFactorEnable, twoFactorSetup } from "../api";
import { RecoveryCodesList, RecoveryCodesSection } from "./RecoveryCodes";

/** The otpauth URL as a QR code image (an SVG data URL: the CSP allows data: images). */
function QrCode({ value }: { value: string }) {
  const { t } = useTranslation("account");
  const src = useMemo(() => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(value))}`, [value]);
  return <img src={src} alt={t("qrAlt")} className="h-48 w-48 rounded-box bg-white p-2" data-testid="totp-qr" />;
}

type CodeValues = { code: string };
type PasswordValues = { password: string };

/**
 * TOTP: set up (secret + QR code), confirm with a code to turn it on (the recovery codes show once); the
 * codes left and a new set; turn it off with the password.
 */
export function TwoFactorCard() {
  const { t } = useTranslation("account");
  const { userData, updateUserData } = useSession();
  const snackbar = useSnackbar();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [starting, setStarting] = useState(false);
  // The codes two-factor-enable answered: shown until the user says they kept them.
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const codeForm = useForm<CodeValues>({ code: "" }, { code: { label: t("code"), check: rules.code } });
  const passwordForm = useForm<PasswordValues>(
    { password: "" },
    { password: { label: t("passwordToDisable"), check: rules.required } },
  );
  const enabled = userData?.twoFactorEnabled === true;

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await twoFactorSetup());
    } catch (error) {
      snackbar.error(error instanceof ApiError ? error.message : t("common:errorText"));
    } finally {
      setStarting(false);
    }
  };

  const enable = codeForm.submit(async ({ code }) => {
    const answer = await twoFactorEnable({ code: code.trim() });
    updateUserData({ twoFactorEnabled: true, recoveryCodesLeft: answer.recoveryCodes.length });
    setNewCodes(answer.recoveryCodes);
    setSetup(null);
    codeForm.reset({ code: "" });
    return answer.message;
  });

  const disable = passwordForm.submit(async ({ password }) => {
    const answer = await twoFactorDisable({ password });
    updateUserData({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
    passwordForm.reset({ password: "" });
    return answer.message;
  });

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="card-title">{t("twoFactor")}</h2>
          <span className={`badge ${enabled ? "badge-success" : "badge-ghost"}`}>{enabled ? t("on") : t("off")}</span>
        </div>
        <p className="text-base-content/70">{t("twoFactorText")}</p>
        {enabled && newCodes ? (
          <RecoveryCodesList codes={newCodes} onDone={() => setNewCodes(null)} />
        ) : enabled ? (
          <>
            <RecoveryCodesSection />
            <div className="divider my-0" />
            <form className="flex max-w-md flex-col gap-4" onSubmit={disable} noValidate>
              <FormError text={passwordForm.formError} />
              <TextField form={passwordForm} name="password" type="password" autoComplete="current-password" />
              <SubmitButton sending={passwordForm.sending} className="btn-error btn-outline w-fit">
                {t("disableTwoFactor")}
              </SubmitButton>
            </form>
          </>
        ) : setup ? (
          <div className="flex flex-wrap gap-6">
            <QrCode value={setup.otpauthUrl} />
            <form className="flex max-w-md flex-1 flex-col gap-4" onSubmit={enable} noValidate>
              <p>{t("scanQr")}</p>
              <p className="text-sm">
                {t("orEnterKey")} <code className="rounded bg-base-200 px-2 py-1 break-all select-all">{setup.secret}</code>
              </p>
              <FormError text={codeForm.formError} />
              <TextField form={codeForm} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              <div className="flex gap-2">
                <SubmitButton sending={codeForm.sending}>{t("enableTwoFactor")}</SubmitButton>
                <button type="button" className="btn" onClick={() => setSetup(null)} disabled={codeForm.sending}>
                  {t("common:cancel")}
                </button>
              </div>
            </form>
          </div>
        ) : (
          <button type="button" className="btn btn-primary w-fit" onClick={start} disabled={starting}>
            {starting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("setUpTwoFactor")}
          </button>
        )}
      </div>
    </div>
  );
}
