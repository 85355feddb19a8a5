import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useLocation, useSearch } from "wouter";
import { Icon } from "../../../components/Icon";
import { useSession } from "../../../providers/session";
import { conversations } from "../api";
import { ChatThread } from "../components/ChatThread";
import { ConversationList } from "../components/ConversationList";

/** The list refreshes this often (the open thread is live on its own). */
const LIST_REFRESH_MS = 30_000;

/**
 * Live chat (/apps/chat): the conversations beside the open one (`?ticket=<id>`). Under 600 px they are two
 * screens: the list, then the thread with a back button.
 */
export default function ChatPage() {
  const { t } = useTranslation("chat");
  const [location, navigate] = useLocation();
  const selected = Number(new URLSearchParams(useSearch()).get("ticket")) || null;
  const { ability } = useSession();
  const staff = ability.can("manage", "Ticket");
  const { data, error, mutate } = useSWR(["chat-conversations"], conversations, { refreshInterval: LIST_REFRESH_MS });
  const reload = useCallback(() => void mutate(), [mutate]);
  const open = (ticketId: number | null) => navigate(ticketId ? `${location}?ticket=${ticketId}` : location);

  return (
    <div className="flex h-full min-h-0 flex-col overflow-hidden rounded-box bg-base-100 shadow sm:flex-row">
      <h1 className="sr-only">{t("title")}</h1>
      <div
        className={`min-h-0 flex-col sm:w-72 sm:flex-none sm:border-e sm:border-base-300 md:w-80 ${selected ? "hidden sm:flex" : "flex flex-1"}`}
      >
        <h2 className="border-b border-base-300 p-3 font-semibold">{t("conversations")}</h2>
        <ConversationList
          conversations={data?.data}
          failed={error !== undefined}
          selected={selected}
          staff={staff}
          onOpen={open}
          onRetry={reload}
        />
      </div>
      <div className={`min-h-0 flex-1 flex-col ${selected ? "flex" : "hidden sm:flex"}`}>
        {selected ? (
          <ChatThread key={selected} ticketId={selected} staff={staff} onBack={() => open(null)} onActivity={reload} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-base-content/70">
            <Icon name="chat" size={40} aria-hidden="true" />
            <p>{t("pick")}</p>
          </div>
        )}
      </div>
    </div>
  );
}
