import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";
import { updateHistory } from "../api/updateHistory";
import type { HistoryEntry } from "../types";

const REPORT_TYPES =
  ".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";

/** "Mark done": the similarity (0..100, required) and an optional report file. */
export function FinishJobDialog(props: { job: HistoryEntry; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation("history");
  const dialog = useRef<HTMLDialogElement>(null);
  const [similarity, setSimilarity] = useState("");
  const [report, setReport] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
  }, []);

  const value = Number(similarity);
  const valid = similarity.trim() !== "" && Number.isInteger(value) && value >= 0 && value <= 100;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setError(t("similarityRange"));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await updateHistory({ uniqueId: props.job.fileData.uniqueId, status: 1, similarity: value, report });
      props.onDone(answer.message);
    } catch (err) {
      setError(t("saveFailed") + (err instanceof ApiError ? err.message : t("saveFailedDefault")));
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog ref={dialog} className="modal" onCancel={props.onClose} aria-labelledby="finish-job-title">
      <form className="modal-box flex flex-col gap-4" onSubmit={submit} noValidate>
        <h3 id="finish-job-title" className="text-lg font-bold">
          {t("markDoneTitle", { file: props.job.fileName })}
        </h3>
        {error && (
          <div role="alert" className="alert alert-error alert-soft">
            {error}
          </div>
        )}
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("similarity")}</span>
          <input
            className={`input w-full ${similarity && !valid ? "input-error" : ""}`}
            type="number"
            name="similarity"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            value={similarity}
            onChange={(e) => setSimilarity(e.target.value)}
            required
          />
          <span className="text-sm text-base-content/70">{t("similarityHint")}</span>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("report")}</span>
          <input
            className="file-input w-full"
            type="file"
            name="report"
            accept={REPORT_TYPES}
            onChange={(e) => setReport(e.target.files?.[0] ?? null)}
          />
          <span className="text-sm text-base-content/70">{t("reportHint")}</span>
        </label>
        <div className="modal-action">
          <button type="button" className="btn" onClick={props.onClose}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("markDone")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
