import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Icon } from "../../../components/Icon";
import { ErrorState, Loading } from "../../../components/PageStates";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useSession } from "../../../providers/session";
import {
  chatSeen,
  markRead,
  sendMessage,
  ticketDetail,
  type ChatEvent,
  type ChatMessage,
  type ChatThread as Thread,
} from "../api";
import { useRoom } from "../useRoom";
import { RichText } from "./RichText";

/** While the socket is down the thread and the read mark are read again this often. */
export const POLL_MS = 3000;
/** How long "… is typing" stays after the last typing event, and how often this side sends one. */
const TYPING_SHOWN_MS = 3000;
const TYPING_EVERY_MS = 2000;

interface Props {
  ticketId: number;
  staff: boolean;
  onBack: () => void;
  /** Something changed the conversation list (a message, a read mark). */
  onActivity: () => void;
}

/** A message added once, in seq order (a pushed message may also come back with the next poll). */
function withMessage(thread: Thread | undefined, message: ChatMessage): Thread | undefined {
  if (!thread || thread.messages.some((m) => m.messageId === message.messageId)) return thread;
  return { ...thread, messages: [...thread.messages, message].sort((a, b) => a.seq - b.seq) };
}

/** One conversation: bubbles, the other side typing and its read mark, and the composer. Live over the room's socket, polled without it. */
export function ChatThread({ ticketId, staff, onBack, onActivity }: Props) {
  const { t } = useTranslation("chat");
  // Staff viewing as the client read only: no typing, no read mark (the Worker would refuse and audit it).
  const readOnly = useSession().viewAs !== null;
  const [typing, setTyping] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The handler runs on a socket frame, after this render: `mutate` and `mutateSeen` below exist by then.
  const { live, sendTyping } = useRoom(ticketId, (event: ChatEvent) => {
    if (event.type === "message") {
      void mutate((thread) => withMessage(thread, event.message), { revalidate: false });
      if (event.message.author.staff !== staff) setTyping(null);
      onActivity();
    } else if (event.type === "read") {
      if (event.staff !== staff) void mutateSeen({ seenSeq: event.seq }, { revalidate: false });
    } else if (event.staff !== staff) {
      setTyping(event.userName);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    }
  });
  const polling = { refreshInterval: live ? 0 : POLL_MS };
  const { data, error, mutate } = useSWR(["chat-thread", ticketId], () => ticketDetail(ticketId), polling);
  const { data: seen, mutate: mutateSeen } = useSWR(["chat-seen", ticketId], () => chatSeen(ticketId), polling);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const readSent = useRef<number | null>(null);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // A socket that (re)opens may have missed messages while it was down.
  useEffect(() => {
    if (live) {
      void mutate();
      void mutateSeen();
    }
  }, [live, mutate, mutateSeen]);

  // What the other side wrote is read once shown: the read mark goes to them (pushed by update-ticket).
  const messages = data?.messages;
  const theirLast = Math.max(0, ...(messages ?? []).filter((m) => m.author.staff !== staff).map((m) => m.seq));
  useEffect(() => {
    if (!data || readOnly) return;
    if (readSent.current === null && !data.ticket.unread) readSent.current = theirLast;
    if (theirLast > (readSent.current ?? 0)) {
      readSent.current = theirLast;
      void markRead(ticketId).then(onActivity, () => undefined);
    }
  }, [data, readOnly, theirLast, ticketId, onActivity]);

  // A block body: Chromium's scrollIntoView answers a promise, which React would take for a cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: "end" });
  }, [messages?.length, typing]);

  function typed(value: string) {
    setText(value);
    const now = Date.now();
    if (!readOnly && value !== "" && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      sendTyping();
    }
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (text.trim() === "" || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await sendMessage(ticketId, text);
      setText("");
      await mutate((thread) => withMessage(thread, answer.ticketMessage), { revalidate: false });
      onActivity();
    } catch (problem) {
      setFailure(problem instanceof ApiError ? problem.message : t("sendFailed"));
    } finally {
      setBusy(false);
    }
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  }

  if (error) return <ErrorState text={t("threadFailed")} onRetry={() => void mutate()} />;
  if (!data || !messages) return <Loading label={t("loadingThread")} />;
  const seenSeq = seen?.seenSeq ?? 0;
  const ownLast = Math.max(0, ...messages.filter((m) => m.author.staff === staff).map((m) => m.seq));

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-labelledby="chat-subject">
      <header className="flex items-center gap-2 border-b border-base-300 p-3">
        <button type="button" className="btn btn-ghost btn-sm btn-square sm:hidden" aria-label={t("back")} onClick={onBack}>
          <Icon name="chevron-left" size={18} aria-hidden="true" />
        </button>
        <div className="min-w-0 flex-1">
          <h2 id="chat-subject" className="truncate font-semibold">
            {staff ? <bdi>{data.ticket.userName}</bdi> : <bdi>{data.ticket.subject}</bdi>}
          </h2>
          {staff && <bdi className="block truncate text-sm text-base-content/70">{data.ticket.subject}</bdi>}
        </div>
        <span className={`badge badge-sm ${live ? "badge-success" : "badge-ghost"}`} data-testid="chat-connection">
          {live ? t("live") : t("polling")}
        </span>
      </header>
      {/* Focusable: a scrolling list must be reachable by keyboard (axe scrollable-region-focusable). */}
      <ol className="flex min-h-0 flex-1 flex-col overflow-y-auto p-3" aria-label={t("messages")} tabIndex={0}>
        {messages.map((m) => {
          const own = m.author.staff === staff;
          const tone = m.internal ? "bg-warning/20 text-base-content" : own ? "chat-bubble-primary" : "";
          return (
            <li key={m.messageId} className={`chat ${own ? "chat-end" : "chat-start"}`} data-testid="chat-message">
              <div className="chat-header flex gap-2 text-xs">
                <bdi>{m.author.userName}</bdi>
                <time className="text-base-content/70" dateTime={m.createdAt}>
                  {formatDate(m.createdAt, true)}
                </time>
              </div>
              <div className={`chat-bubble ${tone}`}>
                {m.internal && <span className="badge badge-warning badge-sm mb-1">{t("internalNote")}</span>}
                <RichText html={m.body} />
              </div>
              {own && m.seq === ownLast && (
                <div className="chat-footer text-xs text-base-content/70" data-testid="chat-read-mark">
                  {m.seq <= seenSeq ? t("seen") : t("sent")}
                </div>
              )}
            </li>
          );
        })}
        <li ref={end} className="min-h-6 text-sm text-base-content/70" aria-live="polite" data-testid="chat-typing">
          {typing ? t("typing", { name: typing }) : ""}
        </li>
      </ol>
      <form
        className="flex items-end gap-2 border-t border-base-300 p-3"
        onSubmit={(e) => void send(e)}
        aria-label={t("composer")}
      >
        <textarea
          className="textarea textarea-bordered min-h-10 flex-1 resize-none"
          rows={1}
          aria-label={t("message")}
          placeholder={t("placeholder")}
          value={text}
          maxLength={4000}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={keyDown}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || text.trim() === ""} aria-label={t("send")}>
          <Icon name="send" size={18} aria-hidden="true" />
        </button>
      </form>
      {failure && (
        <p role="alert" className="px-3 pb-2 text-sm text-error">
          {failure}
        </p>
      )}
    </section>
  );
}
