import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";
import { useSnackbar } from "../../../lib/snackbar";
import { LABELS, openTicket, sendDraftWithFiles, type TicketLabel } from "../api";
import { AttachmentPicker } from "./Attachments";

const RichTextEditor = lazy(() => import("../../../components/RichTextEditor"));

/** How long typing pauses before the draft is saved on the server. */
export const AUTOSAVE_MS = 1500;

export interface ComposeStart {
  draftId?: number;
  subject?: string;
  body?: string;
  label?: TicketLabel;
  about?: { kind: "payment" | "job" | "invoice"; id: string } | null;
}

interface Props {
  start: ComposeStart;
  onClose: () => void;
  onSent: (ticketId: number) => void;
}

/** A new ticket: subject, label, the rich-text body; autosaved as a server-side draft while it is written. */
export function Compose({ start, onClose, onSent }: Props) {
  const { t } = useTranslation("support");
  const snackbar = useSnackbar();
  const about = start.about ?? null;
  const [subject, setSubject] = useState(
    start.subject || (about ? t("helpWith", { what: t(`about.${about.kind}`), id: about.id }) : ""),
  );
  const [label, setLabel] = useState<TicketLabel>(start.label ?? "other");
  const [body, setBody] = useState(start.body ?? "");
  const [draftId, setDraftId] = useState(start.draftId);
  const [saved, setSaved] = useState(false);
  const [sending, setSending] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const edited = useRef(false);

  useEffect(() => {
    if (!edited.current || subject.trim() === "" || body === "" || sending) return;
    const timer = setTimeout(() => {
      openTicket({ subject, body, label, about, draft: true, ticketId: draftId })
        .then((answer) => {
          setDraftId(answer.ticket.ticketId);
          setSaved(true);
        })
        .catch(() => setSaved(false));
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [subject, body, label, about, draftId, sending]);

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      edited.current = true;
      setSaved(false);
      set(value);
    };

  async function send(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      let answer;
      if (files.length === 0) answer = await openTicket({ subject, body, label, about, draft: false, ticketId: draftId });
      else {
        // Files are kept under the ticket's id: a ticket not autosaved yet is saved as a draft first.
        const saved = draftId ?? (await openTicket({ subject, body, label, about, draft: true })).ticket.ticketId;
        setDraftId(saved);
        answer = await sendDraftWithFiles(saved, { subject, body, label }, files);
      }
      snackbar.success(answer.message);
      onSent(answer.ticket.ticketId);
    } catch (error) {
      snackbar.error(error instanceof ApiError ? error.message : t("sendFailed"));
      setSending(false);
    }
  }

  return (
    <form
      className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4"
      onSubmit={(e) => void send(e)}
      aria-label={t("compose")}
    >
      <h2 className="text-lg font-semibold">{t("compose")}</h2>
      {about && (
        <p className="text-sm text-base-content/70" data-testid="compose-about">
          {t(`about.${about.kind}`)}:{" "}
          <code dir="ltr" className="break-all">
            {about.id}
          </code>
        </p>
      )}
      <label className="form-control">
        <span className="label-text mb-1">{t("subject")}</span>
        <input
          className="input input-bordered w-full"
          value={subject}
          maxLength={200}
          required
          onChange={(e) => change(setSubject)(e.target.value)}
        />
      </label>
      <label className="form-control">
        <span className="label-text mb-1">{t("label")}</span>
        <select
          className="select select-bordered w-full"
          value={label}
          onChange={(e) => change(setLabel)(e.target.value as TicketLabel)}
        >
          {LABELS.map((l) => (
            <option key={l} value={l}>
              {t(`labels.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <Suspense fallback={<div className="skeleton h-40 w-full" />}>
        <RichTextEditor value={body} onChange={change(setBody)} label={t("message")} />
      </Suspense>
      <AttachmentPicker files={files} onChange={setFiles} disabled={sending} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="me-auto text-sm text-base-content/70" role="status">
          {saved ? t("draftSaved") : ""}
        </span>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t("cancel")}
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending || subject.trim() === "" || body === ""}>
          {t("send")}
        </button>
      </div>
    </form>
  );
}
