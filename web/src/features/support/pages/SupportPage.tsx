import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useLocation, useParams, useSearch } from "wouter";
import { Icon } from "../../../components/Icon";
import { useSession } from "../../../providers/session";
import { searchTickets, ticketDetail, viewOf, type Ticket, type TicketFolder } from "../api";
import { Compose, type ComposeStart } from "../components/Compose";
import { Sidebar } from "../components/Sidebar";
import { Thread } from "../components/Thread";
import { TicketList } from "../components/TicketList";

const ABOUT_KINDS = ["payment", "job", "invoice"] as const;

/** `?compose=payment&about=<reference>` (a page's "Get help with this"): compose prefilled with what it is about. */
function composeFrom(query: URLSearchParams): ComposeStart | null {
  const kind = query.get("compose");
  if (kind === null) return null;
  const about = query.get("about");
  const aboutKind = ABOUT_KINDS.find((k) => k === kind);
  if (!aboutKind || !about) return {};
  return { label: aboutKind === "invoice" ? "payment" : aboutKind, about: { kind: aboutKind, id: about }, subject: "" };
}

/**
 * The support desk as a mail client (/apps/email/*): folders and labels, the folder's tickets, and the
 * open thread or the compose form. On a phone the list and the thread are two screens.
 */
export default function SupportPage() {
  const { t } = useTranslation("support");
  const params = useParams<{ filter?: string; label?: string }>();
  const { folder, label } = viewOf(params);
  const query = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const { ability, userData } = useSession();
  const staff = ability.can("manage", "Ticket");
  const [page, setPage] = useState(1);
  const [text, setText] = useState("");
  const [compose, setCompose] = useState<ComposeStart | null>(() => composeFrom(query));
  const selected = Number(query.get("ticket")) || null;

  useEffect(() => setPage(1), [folder, label, text]);

  const key = ["search-ticket", folder, label ?? "", text, page] as const;
  const { data, error, mutate } = useSWR(key, () => searchTickets({ folder, label, search: text, page, limit: 10 }));
  const reload = useCallback(() => void mutate(), [mutate]);

  const openTicket = (ticketId: number | null) => navigate(ticketId ? `${location}?ticket=${ticketId}` : location);

  async function open(ticket: Ticket) {
    if (!ticket.draft) {
      setCompose(null);
      openTicket(ticket.ticketId);
      return;
    }
    const draft = await ticketDetail(ticket.ticketId);
    setCompose({
      draftId: ticket.ticketId,
      subject: ticket.subject,
      label: ticket.label,
      about: ticket.about,
      body: draft.messages[0]?.body ?? "",
    });
  }

  const pane = compose !== null || selected !== null;
  return (
    <div className="flex h-full min-h-0 flex-col overflow-hidden rounded-box bg-base-100 shadow md:flex-row">
      <h1 className="sr-only">{t("title")}</h1>
      <div className={pane ? "hidden md:flex" : "flex"}>
        <Sidebar
          folder={folder}
          label={label}
          unread={(data?.unread ?? {}) as Partial<Record<TicketFolder, number>>}
          staff={staff}
          onCompose={() => {
            openTicket(null);
            setCompose({});
          }}
        />
      </div>
      <div
        className={`min-h-0 flex-col md:w-80 md:flex-none md:border-e md:border-base-300 ${pane ? "hidden md:flex" : "flex flex-1"}`}
      >
        <TicketList
          tickets={data?.data}
          total={data?.total ?? 0}
          page={page}
          failed={error !== undefined}
          selected={selected}
          search={text}
          onSearch={setText}
          onPage={setPage}
          onOpen={(ticket) => void open(ticket)}
          onRetry={reload}
        />
      </div>
      <div className={`min-h-0 flex-1 flex-col ${pane ? "flex" : "hidden md:flex"}`}>
        {compose !== null ? (
          <Compose
            key={compose.draftId ?? "new"}
            start={compose}
            onClose={() => setCompose(null)}
            onSent={(ticketId) => {
              setCompose(null);
              reload();
              navigate(`/apps/email/inbox?ticket=${ticketId}`);
            }}
          />
        ) : selected !== null ? (
          <Thread
            key={selected}
            ticketId={selected}
            staff={staff}
            userId={userData?.userId ?? 0}
            onBack={() => openTicket(null)}
            onChanged={reload}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-base-content/70">
            <Icon name="mail" size={40} aria-hidden="true" />
            <p>{t("pickTicket")}</p>
          </div>
        )}
      </div>
    </div>
  );
}
