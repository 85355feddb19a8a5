import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-3 p-8" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      <span>{label ?? t("loading")}</span>
    </div>
  );
}

export function Empty({ text, children }: { text?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 p-8 text-center text-base-content/70">
      <p>{text ?? t("empty")}</p>
      {children}
    </div>
  );
}

export function ErrorState({ text, onRetry }: { text?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert alert-error alert-soft m-4 flex flex-wrap justify-between">
      <div>
        <p className="font-semibold">{t("errorTitle")}</p>
        <p className="text-sm">{text ?? t("errorText")}</p>
      </div>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {t("retry")}
        </button>
      )}
    </div>
  );
}
