import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FilePicker } from "../../../components/FilePicker";
import { ApiError } from "../../../lib/api";
import { PROOF_MAX_BYTES, uploadProof } from "../api";

const ACCEPT = "image/png,image/jpeg,image/webp,application/pdf";

/** The payer's proof of transfer (image or PDF; the server checks the bytes), with upload progress. */
export function ProofUpload({
  referenceId,
  onUploaded,
}: {
  referenceId: string;
  /** The server's message and the file's name, once uploaded. */
  onUploaded: (message: string, fileName: string) => void;
}) {
  const { t } = useTranslation("payment");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(t("proofRequired"));
      return;
    }
    if (file.size > PROOF_MAX_BYTES) {
      setError(t("proofTooLarge"));
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const answer = await uploadProof(referenceId, file, setProgress);
      setFile(null);
      if (input.current) input.current.value = "";
      onUploaded(answer.message, file.name);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("proofFailed"));
    } finally {
      setProgress(null);
    }
  }

  return (
    <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
      <div className="grid gap-1">
        <label htmlFor={id} className="font-medium">
          {t("proofLabel")}
        </label>
        <FilePicker
          ref={input}
          id={id}
          name="file"
          accept={ACCEPT}
          file={file}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <span id={`${id}-hint`} className="text-xs text-base-content/70">
          {t("proofHint")}
        </span>
      </div>
      {progress !== null && (
        <progress
          className="progress progress-primary w-full"
          value={Math.round(progress * 100)}
          max={100}
          aria-label={t("uploading")}
        />
      )}
      {error && (
        <div role="alert" className="alert alert-error alert-soft">
          {error}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={progress !== null}>
        {progress !== null && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t("sendProof")}
      </button>
    </form>
  );
}
