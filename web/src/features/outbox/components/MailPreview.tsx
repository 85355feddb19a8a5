import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useConfirm } from "../../../components/ConfirmDialog";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useSnackbar } from "../../../lib/snackbar";
import { useFocusTrap } from "../../../hooks/useFocusTrap";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { SWR_DEFAULTS } from "../../../lib/swr";
import { outboxPreview, resendMail } from "../api";

/**
 * One mail as it is sent (issue 24): its text, its HTML in a sandboxed frame (no scripts, no forms, no
 * same-origin access: the mail's HTML is shown, never trusted), the document it attaches; and "Send again".
 */
export function MailPreview({ mailId, onClose, onResent }: { mailId: number; onClose: () => void; onResent: () => void }) {
  const { t } = useTranslation("outbox");
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, true, onClose);
  const [view, setView] = useState<"html" | "text">("html");
  const [sending, setSending] = useState(false);
  const mail = useSWR(["outbox-preview", mailId], () => outboxPreview(mailId), SWR_DEFAULTS);
  const shown = mail.data && (view === "html" && mail.data.mailHtml ? "html" : "text");

  async function resend() {
    const ok = await confirm({
      title: t("resendTitle"),
      text: t("resendText", { to: mail.data?.toEmail ?? "" }),
      confirmText: t("resend"),
      tone: "primary",
    });
    if (!ok) return;
    setSending(true);
    try {
      const answer = await resendMail(mailId);
      snackbar.success(answer.message);
      onResent();
    } catch (error) {
      snackbar.error(t("resendFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="modal modal-open" role="presentation">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby="mail-preview-title"
        className="modal-box flex max-h-[90vh] max-w-3xl flex-col gap-3"
      >
        <div className="flex items-start justify-between gap-2">
          <h2 id="mail-preview-title" className="min-w-0 break-words text-lg font-semibold">
            {mail.data?.mailSubject ?? t("preview")}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={t("close")} onClick={onClose}>
            ✕
          </button>
        </div>
        {mail.error && !mail.data ? (
          <ErrorState text={t("previewFailed")} onRetry={() => void mail.mutate()} />
        ) : !mail.data ? (
          <Loading />
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/70">{t("to")}</dt>
              <dd className="break-all">{mail.data.toEmail}</dd>
              <dt className="text-base-content/70">{t("status")}</dt>
              <dd>
                {t(`status_${mail.data.status}`)} · {t("attempts", { attempts: mail.data.attempts })}
                {mail.data.lastError && <span className="block break-words text-error">{mail.data.lastError}</span>}
              </dd>
              <dt className="text-base-content/70">{t("queuedAt")}</dt>
              <dd>{formatDate(mail.data.createdAt, true)}</dd>
              {mail.data.attachment && (
                <>
                  <dt className="text-base-content/70">{t("attachment")}</dt>
                  <dd className="break-all">{mail.data.attachment}</dd>
                </>
              )}
            </dl>
            <div role="tablist" className="tabs tabs-border">
              {(["html", "text"] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  role="tab"
                  aria-selected={shown === v}
                  disabled={v === "html" && !mail.data!.mailHtml}
                  className={`tab ${shown === v ? "tab-active" : ""}`}
                  onClick={() => setView(v)}
                >
                  {t(v === "html" ? "viewHtml" : "viewText")}
                </button>
              ))}
            </div>
            {shown === "html" ? (
              <iframe
                title={t("htmlFrame")}
                sandbox=""
                srcDoc={mail.data.mailHtml ?? ""}
                className="h-80 w-full rounded border border-base-300 bg-white"
                data-testid="mail-html"
              />
            ) : (
              <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-base-200 p-3 text-xs">
                {mail.data.mailBody}
              </pre>
            )}
            <div className="modal-action mt-0">
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                {t("close")}
              </button>
              <button type="button" className="btn btn-primary" disabled={sending} onClick={() => void resend()}>
                {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t("resend")}
              </button>
            </div>
          </>
        )}
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </div>
  );
}
