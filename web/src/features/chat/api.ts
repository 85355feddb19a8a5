import { api, type CallAnswer, type ListRow } from "../../lib/api";

export type Conversation = ListRow<"search-ticket">;
export type ChatThread = CallAnswer<"ticket-detail">;
export type ChatMessage = ChatThread["messages"][number];

/** What a ticket's room sends over its socket (docs/API.md "Live chat"). */
export type { ChatEvent } from "../../../../worker/src/contract/chat";

/** The conversations: the reader's inbox of tickets, latest activity first. */
export const conversations = () => api("search-ticket", { folder: "inbox", limit: 50 });
export const ticketDetail = (ticketId: number) => api("ticket-detail", { ticketId });
export const chatSeen = (ticketId: number) => api("chat-seen", { ticketId });
export const markRead = (ticketId: number) => api("update-ticket", { ticketId, read: true });
export const sendMessage = (ticketId: number, text: string) =>
  api("reply-ticket", { ticketId, body: textToHtml(text), internal: false });

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The composer's plain text as the desk's HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** The ticket's socket, on this page's own origin (ws: locally, wss: deployed). */
export function socketUrl(ticketId: number): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/api/chat/${ticketId}`;
}
