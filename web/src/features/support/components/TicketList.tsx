import { useTranslation } from "react-i18next";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { Pager } from "../../../components/Pager";
import { formatDate } from "../../../lib/format";
import type { Ticket } from "../api";
import { LABEL_TONE } from "./Sidebar";

interface Props {
  tickets: Ticket[] | undefined;
  total: number;
  page: number;
  failed: boolean;
  selected: number | null;
  search: string;
  onSearch: (text: string) => void;
  onPage: (page: number) => void;
  onOpen: (ticket: Ticket) => void;
  onRetry: () => void;
}

/** A folder's tickets, latest activity first: unread in bold, with the label's dot and the last message's start. */
export function TicketList({ tickets, total, page, failed, selected, search, onSearch, onPage, onOpen, onRetry }: Props) {
  const { t } = useTranslation("support");
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-base-300 p-2">
        <input
          type="search"
          className="input input-bordered input-sm w-full"
          placeholder={t("search")}
          aria-label={t("search")}
          defaultValue={search}
          onKeyDown={(e) => {
            if (e.key === "Enter") onSearch(e.currentTarget.value);
          }}
        />
      </div>
      {failed ? (
        <ErrorState text={t("loadFailed")} onRetry={onRetry} />
      ) : !tickets ? (
        <Loading label={t("loading")} />
      ) : tickets.length === 0 ? (
        <Empty text={t("empty")} />
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={t("tickets")}>
          {tickets.map((ticket) => (
            <li key={ticket.ticketId}>
              <button
                type="button"
                className={`flex w-full flex-col items-stretch gap-1 border-b border-base-300 px-3 py-2 text-start hover:bg-base-200 ${selected === ticket.ticketId ? "bg-base-200" : ""}`}
                aria-current={selected === ticket.ticketId ? "true" : undefined}
                onClick={() => onOpen(ticket)}
              >
                <span className="flex items-center gap-2">
                  <span className={`size-2.5 shrink-0 rounded-full ${LABEL_TONE[ticket.label]}`} aria-hidden="true" />
                  <bdi className={`min-w-0 flex-1 truncate ${ticket.unread ? "font-semibold" : ""}`}>{ticket.userName}</bdi>
                  {ticket.starred && <span className="sr-only">{t("starred")}</span>}
                  <span className="shrink-0 text-xs text-base-content/70">{formatDate(ticket.lastMessageAt)}</span>
                </span>
                <span className={`truncate text-sm ${ticket.unread ? "font-semibold" : ""}`}>
                  {ticket.unread && <span className="badge badge-primary badge-xs me-1 align-middle" aria-label={t("unread")} />}
                  {ticket.draft ? `${t("draftPrefix")} ` : ""}
                  {ticket.subject}
                </span>
                <span className="truncate text-xs text-base-content/70">{ticket.preview}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {tickets && total > 10 && (
        <div className="border-t border-base-300 p-2">
          <Pager page={page} total={total} limit={10} onPage={onPage} label={t("tickets")} />
        </div>
      )}
    </div>
  );
}
