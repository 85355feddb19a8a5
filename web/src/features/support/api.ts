import { api, post, type CallAnswer, type CallInput, type ListRow } from "../../lib/api";
import { saveFile } from "../../lib/download";
import { apiForm } from "../../lib/upload";

export const SEARCH_TICKET = "search-ticket";

export type Ticket = ListRow<typeof SEARCH_TICKET>;
export type TicketThread = CallAnswer<"ticket-detail">;
export type TicketMessage = TicketThread["messages"][number];
export type TicketAttachment = TicketMessage["attachments"][number];
export type TicketFolder = NonNullable<CallInput<"search-ticket">["folder"]>;
export type TicketLabel = Ticket["label"];
export type TicketStatus = Ticket["status"];
export type TicketChange = Omit<CallInput<"update-ticket">, "ticketId">;

export const FOLDERS: readonly TicketFolder[] = ["inbox", "sent", "draft", "starred", "spam", "trash"];
export const LABELS: readonly TicketLabel[] = ["payment", "job", "account", "other"];
export const STATUSES: readonly TicketStatus[] = ["open", "pending", "closed"];

/** The folders whose unread count the sidebar shows (search-ticket's `unread`). */
export const COUNTED: ReadonlySet<TicketFolder> = new Set(["inbox", "starred", "spam", "trash"]);

export const searchTickets = (body: CallInput<"search-ticket">) => api(SEARCH_TICKET, body);
export const ticketDetail = (ticketId: number) => api("ticket-detail", { ticketId });
export const openTicket = (body: CallInput<"open-ticket">) => api("open-ticket", body);
/**
 * Sends a saved draft with files (open-ticket as multipart, decision 0032). A form cannot carry `about`:
 * the draft keeps the one it was saved with.
 */
export function sendDraftWithFiles(
  ticketId: number,
  fields: { subject: string; body: string; label: TicketLabel },
  attachments: readonly File[],
): Promise<CallAnswer<"open-ticket">> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...fields, ticketId: String(ticketId), draft: "false" })) form.append(key, value);
  for (const file of attachments) form.append("attachments", file);
  return post("open-ticket", form, false) as Promise<CallAnswer<"open-ticket">>;
}

/** A reply: JSON, or multipart when it carries files. */
export const replyTicket = (ticketId: number, body: string, internal: boolean, attachments: readonly File[] = []) =>
  attachments.length > 0
    ? apiForm("reply-ticket", { ticketId, body, internal, attachments })
    : api("reply-ticket", { ticketId, body, internal });
export const updateTicket = (ticketId: number, change: TicketChange) => api("update-ticket", { ticketId, ...change });

const isFolder = (name: string): name is TicketFolder => (FOLDERS as readonly string[]).includes(name);
const isLabel = (name: string): name is TicketLabel => (LABELS as readonly string[]).includes(name);

/** What the path names: a folder (`/apps/email/inbox`), or a label shown from the inbox (`/apps/email/payment`). */
export function viewOf(params: { filter?: string; label?: string }): { folder: TicketFolder; label?: TicketLabel } {
  if (params.label !== undefined) return isLabel(params.label) ? { folder: "inbox", label: params.label } : { folder: "inbox" };
  const named = params.filter ?? "inbox";
  if (isFolder(named)) return { folder: named };
  return isLabel(named) ? { folder: "inbox", label: named } : { folder: "inbox" };
}

export type CannedReply = CallAnswer<"search-canned-reply">["cannedReplies"][number];
export type CannedReplyLanguage = CannedReply["language"];
export const CANNED_LANGUAGES: readonly CannedReplyLanguage[] = ["en", "fr", "ar"];

export const searchCannedReplies = () => api("search-canned-reply", {});
export const saveCannedReply = (body: CallInput<"save-canned-reply">) => api("save-canned-reply", body);
export const deleteCannedReply = (cannedReplyId: number) => api("delete-canned-reply", { cannedReplyId });

/** Saves a file of a message (ticket-attachment). */
export const saveAttachment = (attachmentId: number, name: string) => saveFile("ticket-attachment", { attachmentId }, name);

/** The limits reply-ticket holds a message's files to (decision 0032; the Worker checks them again, by their bytes). */
export const ATTACHMENT_LIMITS = { count: 5, each: 10 * 1024 * 1024, total: 20 * 1024 * 1024 } as const;
