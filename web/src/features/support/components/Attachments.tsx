import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { ApiError } from "../../../lib/api";
import { formatNumber } from "../../../lib/format";
import { useSnackbar } from "../../../lib/snackbar";
import { ATTACHMENT_LIMITS, saveAttachment, type TicketAttachment } from "../api";

/** A size as people read it: kB under a megabyte, MB above (one decimal). */
function sizeText(bytes: number, t: (key: string, values: Record<string, string>) => string): string {
  if (bytes < 1024 * 1024) return t("attachments.kilobytes", { n: formatNumber(Math.max(1, Math.round(bytes / 1024))) });
  return t("attachments.megabytes", { n: formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10) });
}

/** A message's files as chips under it: each saves the file (ticket-attachment). */
export function AttachmentChips({ attachments }: { attachments: readonly TicketAttachment[] }) {
  const { t } = useTranslation("support");
  const snackbar = useSnackbar();
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("attachments.list")}>
      {attachments.map((a) => (
        <li key={a.attachmentId}>
          <button
            type="button"
            className="btn btn-outline btn-xs max-w-full normal-case"
            data-testid="attachment-chip"
            onClick={() =>
              void saveAttachment(a.attachmentId, a.name).catch((failure: unknown) =>
                snackbar.error(t("attachments.downloadFailed") + (failure instanceof ApiError ? failure.message : "")),
              )
            }
          >
            <Icon name="paperclip" size={14} aria-hidden="true" />
            <bdi className="truncate">{a.name}</bdi>
            <span className="text-base-content/80">{sizeText(a.size, t)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Why a choice of files breaks reply-ticket's limits, or null: the same limits the Worker holds. */
export function attachmentProblem(files: readonly File[]): { key: string; values?: Record<string, string> } | null {
  const mb = (bytes: number) => formatNumber(bytes / 1024 / 1024);
  if (files.length > ATTACHMENT_LIMITS.count) {
    return { key: "attachments.tooMany", values: { n: formatNumber(ATTACHMENT_LIMITS.count) } };
  }
  const big = files.find((f) => f.size > ATTACHMENT_LIMITS.each);
  if (big) return { key: "attachments.tooLarge", values: { name: big.name, size: mb(ATTACHMENT_LIMITS.each) } };
  if (files.reduce((sum, f) => sum + f.size, 0) > ATTACHMENT_LIMITS.total) {
    return { key: "attachments.tooLargeTotal", values: { size: mb(ATTACHMENT_LIMITS.total) } };
  }
  return null;
}

interface PickerProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/** The attach button of a reply or compose form, and the chosen files as chips with their size and a remove button. */
export function AttachmentPicker({ files, onChange, disabled }: PickerProps) {
  const { t } = useTranslation("support");
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  function add(picked: FileList | null) {
    const next = [...files, ...Array.from(picked ?? [])];
    const found = attachmentProblem(next);
    setProblem(found ? t(found.key, found.values) : null);
    if (!found) onChange(next);
    // The same file can be chosen again after it was removed.
    if (input.current) input.current.value = "";
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        multiple
        className="hidden"
        accept="image/png,image/jpeg,image/webp,application/pdf,.docx,text/plain"
        aria-describedby={problem ? problemId : undefined}
        data-testid="attach-input"
        onChange={(e) => add(e.target.files)}
      />
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={disabled || files.length >= ATTACHMENT_LIMITS.count}
        onClick={() => input.current?.click()}
      >
        <Icon name="paperclip" size={16} aria-hidden="true" />
        {t("attachments.attach")}
      </button>
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("attachments.chosen")}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="badge badge-outline h-auto gap-1 py-1" data-testid="chosen-file">
              <bdi className="max-w-40 truncate">{file.name}</bdi>
              <span className="text-base-content/80">{sizeText(file.size, t)}</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs btn-circle"
                aria-label={t("attachments.remove", { name: file.name })}
                disabled={disabled}
                onClick={() => {
                  setProblem(null);
                  onChange(files.filter((_, i) => i !== index));
                }}
              >
                <Icon name="x" size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p id={problemId} role="alert" className="basis-full text-sm text-error">
          {problem}
        </p>
      )}
    </div>
  );
}
