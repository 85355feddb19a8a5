import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { formatDate } from "../../../lib/format";
import type { Conversation } from "../api";

interface Props {
  conversations: Conversation[] | undefined;
  failed: boolean;
  selected: number | null;
  staff: boolean;
  onOpen: (ticketId: number) => void;
  onRetry: () => void;
}

/** The conversations, latest activity first: who (for staff) or what (for a client), the last message, unread. */
export function ConversationList({ conversations, failed, selected, staff, onOpen, onRetry }: Props) {
  const { t } = useTranslation("chat");
  if (failed) return <ErrorState text={t("listFailed")} onRetry={onRetry} />;
  if (!conversations) return <Loading label={t("loading")} />;
  if (conversations.length === 0) {
    return (
      <Empty text={t("empty")}>
        {!staff && (
          <Link href="/apps/email/inbox?compose=other" className="btn btn-primary btn-sm">
            {t("start")}
          </Link>
        )}
      </Empty>
    );
  }
  return (
    <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={t("conversations")} data-testid="conversations">
      {conversations.map((c) => (
        <li key={c.ticketId}>
          <button
            type="button"
            className={`flex w-full items-center gap-3 border-b border-base-300 px-3 py-2 text-start hover:bg-base-200 ${selected === c.ticketId ? "bg-base-200" : ""}`}
            aria-current={selected === c.ticketId ? "true" : undefined}
            onClick={() => onOpen(c.ticketId)}
          >
            <span className="avatar avatar-placeholder" aria-hidden="true">
              <span className="size-9 rounded-full bg-primary/15 text-primary">
                {(staff ? c.userName : c.subject).slice(0, 1)}
              </span>
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-center gap-2">
                <bdi className={`min-w-0 flex-1 truncate ${c.unread ? "font-semibold" : ""}`}>
                  {staff ? c.userName : c.subject}
                </bdi>
                <span className="shrink-0 text-xs text-base-content/70">{formatDate(c.lastMessageAt)}</span>
              </span>
              {staff && <bdi className="truncate text-sm">{c.subject}</bdi>}
              <span className={`truncate text-xs ${c.unread ? "font-semibold" : "text-base-content/70"}`}>
                {c.unread && <span className="badge badge-primary badge-xs me-1 align-middle" aria-label={t("unread")} />}
                {c.preview}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
