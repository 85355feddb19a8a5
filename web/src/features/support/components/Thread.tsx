import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useConfirm } from "../../../components/ConfirmDialog";
import { Icon } from "../../../components/Icon";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useSnackbar } from "../../../lib/snackbar";
import { useSession } from "../../../providers/session";
import {
  LABELS,
  replyTicket,
  STATUSES,
  ticketDetail,
  updateTicket,
  type TicketChange,
  type TicketLabel,
  type TicketStatus,
} from "../api";
import { AttachmentChips, AttachmentPicker } from "./Attachments";
import { CannedReplyPicker } from "./CannedReplyPicker";
import { MessageBody } from "./MessageBody";

const RichTextEditor = lazy(() => import("../../../components/RichTextEditor"));

export const STATUS_TONE: Record<TicketStatus, string> = { open: "badge-info", pending: "badge-warning", closed: "badge-ghost" };

interface Props {
  ticketId: number;
  staff: boolean;
  userId: number;
  onBack: () => void;
  onChanged: () => void;
}

/** One ticket's thread: its messages in order (notes marked), the reply box, and what the reader may change. */
export function Thread({ ticketId, staff, userId, onBack, onChanged }: Props) {
  const { t } = useTranslation("support");
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const { data, error, mutate } = useSWR(["ticket-detail", ticketId], () => ticketDetail(ticketId));
  const [reply, setReply] = useState("");
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  // The editor shows an inserted canned reply by starting again from the reply's new text.
  const [editorKey, setEditorKey] = useState(0);
  const ticket = data?.ticket;
  // Staff viewing as the client read only: the client's unread mark stays (the Worker would refuse and audit it).
  const readOnly = useSession().viewAs !== null;

  // Opening a thread reads it: its unread mark goes, and the folder counts follow.
  useEffect(() => {
    if (ticket?.unread && !readOnly) void updateTicket(ticketId, { read: true }).then(onChanged, () => undefined);
  }, [ticket?.unread, readOnly, ticketId, onChanged]);

  async function change(next: TicketChange) {
    setBusy(true);
    try {
      const answer = await updateTicket(ticketId, next);
      snackbar.success(answer.message);
      await mutate();
      onChanged();
    } catch (failure) {
      snackbar.error(failure instanceof ApiError ? failure.message : t("saveFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await replyTicket(ticketId, reply, internal, files);
      snackbar.success(answer.message);
      setReply("");
      setInternal(false);
      setFiles([]);
      await mutate();
      onChanged();
    } catch (failure) {
      snackbar.error(failure instanceof ApiError ? failure.message : t("sendFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function close() {
    if (await confirm({ title: t("closeTitle"), text: t("closeText"), confirmText: t("closeTicket"), tone: "primary" })) {
      await change({ status: "closed" });
    }
  }

  if (error) return <ErrorState text={t("loadFailed")} onRetry={() => void mutate()} />;
  if (!data || !ticket) return <Loading label={t("loading")} />;

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-labelledby="ticket-subject">
      <header className="flex flex-wrap items-center gap-2 border-b border-base-300 p-3">
        <button type="button" className="btn btn-ghost btn-sm btn-square md:hidden" aria-label={t("back")} onClick={onBack}>
          <Icon name="chevron-left" size={18} className="icon-directional" aria-hidden="true" />
        </button>
        <h2 id="ticket-subject" className="min-w-0 flex-1 truncate text-lg font-semibold">
          {ticket.subject}
        </h2>
        <span className={`badge ${STATUS_TONE[ticket.status]}`} data-testid="ticket-status">
          {t(`statuses.${ticket.status}`)}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-pressed={ticket.starred}
          disabled={busy}
          onClick={() => void change({ starred: !ticket.starred })}
        >
          {ticket.starred ? t("unstar") : t("star")}
        </button>
        <select
          className="select select-bordered select-sm"
          aria-label={t("moveTo")}
          value={ticket.folder}
          disabled={busy}
          onChange={(e) => void change({ folder: e.target.value as "inbox" | "spam" | "trash" })}
        >
          {(["inbox", "spam", "trash"] as const).map((f) => (
            <option key={f} value={f}>
              {t(`folders.${f}`)}
            </option>
          ))}
        </select>
        {!staff && ticket.status !== "closed" && (
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void close()}>
            {t("closeTicket")}
          </button>
        )}
      </header>
      {staff && (
        <div className="flex flex-wrap items-center gap-2 border-b border-base-300 p-3 text-sm">
          <span>
            {t("from")}: <bdi>{ticket.userName}</bdi>
          </span>
          <select
            className="select select-bordered select-sm"
            aria-label={t("status")}
            value={ticket.status}
            disabled={busy}
            onChange={(e) => void change({ status: e.target.value as TicketStatus })}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
          <select
            className="select select-bordered select-sm"
            aria-label={t("label")}
            value={ticket.label}
            disabled={busy}
            onChange={(e) => void change({ label: e.target.value as TicketLabel })}
          >
            {LABELS.map((l) => (
              <option key={l} value={l}>
                {t(`labels.${l}`)}
              </option>
            ))}
          </select>
          {ticket.assigneeId === userId ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() => void change({ assigneeId: null })}
            >
              {t("unassign")}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() => void change({ assigneeId: userId })}
            >
              {t("assignToMe")}
            </button>
          )}
          {ticket.assigneeName && (
            <span>
              {t("assignee")}: <bdi>{ticket.assigneeName}</bdi>
            </span>
          )}
        </div>
      )}
      {ticket.about && (
        <p className="px-3 pt-2 text-sm text-base-content/70">
          {t(`about.${ticket.about.kind}`)}:{" "}
          <code dir="ltr" className="break-all">
            {ticket.about.id}
          </code>
        </p>
      )}
      {/* Focusable: a scrolling list must be reachable by keyboard (axe scrollable-region-focusable). */}
      <ol className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3" aria-label={t("messages")} tabIndex={0}>
        {data.messages.map((m) => (
          <li
            key={m.messageId}
            className={`rounded-box border p-3 ${m.internal ? "border-warning bg-warning/10" : m.author.staff ? "border-base-300 bg-base-100" : "border-primary/30 bg-primary/5"}`}
            data-testid="ticket-message"
          >
            <div className="mb-1 flex flex-wrap items-center gap-2 text-sm">
              <bdi className="font-semibold">{m.author.userName}</bdi>
              {m.author.staff && <span className="badge badge-sm">{t("staff")}</span>}
              {m.internal && <span className="badge badge-warning badge-sm">{t("internalNote")}</span>}
              <span className="ms-auto text-base-content/80">{formatDate(m.createdAt, true)}</span>
            </div>
            <MessageBody html={m.body} title={t("messageFrom", { name: m.author.userName })} />
            <AttachmentChips attachments={m.attachments} />
          </li>
        ))}
      </ol>
      <form className="flex flex-col gap-2 border-t border-base-300 p-3" onSubmit={(e) => void send(e)} aria-label={t("reply")}>
        <Suspense fallback={<div className="skeleton h-32 w-full" />}>
          <RichTextEditor key={editorKey} value={reply} onChange={setReply} label={t("reply")} />
        </Suspense>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <AttachmentPicker files={files} onChange={setFiles} disabled={busy} />
          {staff && (
            <CannedReplyPicker
              disabled={busy}
              onInsert={(html) => {
                setReply((written) => written + html);
                setEditorKey((k) => k + 1);
              }}
            />
          )}
          {staff && (
            <label className="label me-auto cursor-pointer gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={internal}
                onChange={(e) => setInternal(e.target.checked)}
              />
              <span className="label-text text-base-content">{t("internalNote")}</span>
            </label>
          )}
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy || reply === ""}>
            {internal ? t("addNote") : t("send")}
          </button>
        </div>
      </form>
    </section>
  );
}
