import * as z from "zod";
import { defineCalls, listOf, timestamp } from "./call";
import * as f from "./fields";
import { TICKET_ATTACHMENTS_MAX, TICKET_ATTACHMENTS_TOTAL } from "./uploads";

/** The support desk (decision 0015): staff are those who may `manage Ticket`; clients read and answer their own. */
export const subjects = ["Ticket"] as const;

export const TICKET_LABELS = ["payment", "job", "account", "other"] as const;
export const TICKET_STATUSES = ["open", "pending", "closed"] as const;
export const TICKET_FOLDERS = ["inbox", "sent", "draft", "starred", "spam", "trash"] as const;
/** The folders a ticket can be moved to (sent, draft and starred follow from what it is). */
export const TICKET_MOVES = ["inbox", "spam", "trash"] as const;
export const TICKET_ABOUT_KINDS = ["payment", "job", "invoice"] as const;

/** The longest stored message, in characters of HTML. */
export const TICKET_BODY_MAX = 20_000;

const richText = () => f.text(TICKET_BODY_MAX);

const about = z.strictObject({ kind: z.enum(TICKET_ABOUT_KINDS), id: z.string() });

export const ticket = z.strictObject({
  ticketId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  subject: z.string(),
  label: z.enum(TICKET_LABELS),
  status: z.enum(TICKET_STATUSES),
  draft: z.boolean(),
  about: about.nullable(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  preview: z.string().meta({ description: "The last message the caller may read, as plain text (140 characters)." }),
  folder: z.enum(TICKET_MOVES).meta({ description: "The caller's own folder of the ticket." }),
  starred: z.boolean(),
  unread: z.boolean(),
  lastMessageAt: timestamp(),
  createdAt: timestamp(),
});

/** A file of a message (decision 0032), fetched with ticket-attachment. */
export const ticketAttachment = z.strictObject({
  attachmentId: z.number().int(),
  name: z.string(),
  type: z.string().meta({ description: "The content type its bytes were recognised as." }),
  size: z.number().int().meta({ description: "In bytes." }),
});

export const ticketMessage = z.strictObject({
  messageId: z.number().int(),
  seq: z.number().int(),
  author: z.strictObject({ userId: z.number().int().nullable(), userName: z.string(), staff: z.boolean() }),
  body: z.string().meta({ description: "Sanitised HTML (the Worker's allow-list)." }),
  internal: z.boolean(),
  attachments: z.array(ticketAttachment),
  createdAt: timestamp(),
});

const unreadCounts = z.strictObject({
  inbox: z.number().int(),
  starred: z.number().int(),
  spam: z.number().int(),
  trash: z.number().int(),
});

export const supportCalls = defineCalls({
  "open-ticket": {
    summary:
      "Opens a ticket (or, with draft, saves the caller's unsent one; ticketId names the draft to save or send). " +
      "`about` must be the caller's own payment (referenceId), job (uniqueId) or invoice (number): 404 otherwise. " +
      "Sending a saved draft (multipart, `about` then kept as saved) may carry files as reply-ticket does.",
    access: "signedIn",
    maxBody: TICKET_ATTACHMENTS_TOTAL + 128 * 1024,
    input: z.object({
      subject: f.text(200),
      body: richText(),
      label: z.enum(TICKET_LABELS).default("other"),
      about: z.object({ kind: z.enum(TICKET_ABOUT_KINDS), id: f.text(64) }).nullish(),
      draft: f.bool().default(false),
      ticketId: f.blankIsAbsent(f.id()),
      attachments: f.files(TICKET_ATTACHMENTS_MAX),
    }),
    answer: z.strictObject({ message: z.string(), ticket }),
  },
  "search-ticket": {
    summary:
      "A folder of tickets, latest activity first: a client's own, staff's all; with label, status and text filters, and the unread count per folder.",
    access: ["read", "Ticket"],
    input: z.object({
      folder: z.enum(TICKET_FOLDERS).default("inbox"),
      label: f.blankIsAbsent(z.enum(TICKET_LABELS)),
      status: f.blankIsAbsent(z.enum(TICKET_STATUSES)),
      search: f.search(),
      ...f.paging(10),
    }),
    answer: listOf(ticket, { unread: unreadCounts }),
  },
  "ticket-detail": {
    summary: "A ticket and its messages in order; internal notes only for staff. Another client's ticket is 404.",
    access: ["read", "Ticket"],
    input: z.object({ ticketId: f.id() }),
    answer: z.strictObject({ ticket, messages: z.array(ticketMessage) }),
  },
  "reply-ticket": {
    summary:
      "Adds a message to the thread (internal: a staff note), with up to 5 files (PNG, JPEG, WebP, PDF, DOCX, TXT by their bytes; " +
      "10 MB each, 20 MB in all: 413, 415 otherwise). A closed ticket reopens when the client writes.",
    access: ["update", "Ticket"],
    // The files and the rest of the form (the HTML body, up to 20,000 characters).
    maxBody: TICKET_ATTACHMENTS_TOTAL + 128 * 1024,
    input: z.object({
      ticketId: f.id(),
      body: richText(),
      internal: f.bool().default(false),
      attachments: f.files(TICKET_ATTACHMENTS_MAX),
    }),
    answer: z.strictObject({ message: z.string(), ticketMessage }),
  },
  "update-ticket": {
    summary: "Changes a ticket: staff any field; its owner may close it. Starred, folder and read are the caller's own marks.",
    access: ["update", "Ticket"],
    input: z.object({
      ticketId: f.id(),
      status: f.blankIsAbsent(z.enum(TICKET_STATUSES)),
      label: f.blankIsAbsent(z.enum(TICKET_LABELS)),
      starred: f.blankIsAbsent(f.bool()),
      folder: f.blankIsAbsent(z.enum(TICKET_MOVES)),
      read: f.blankIsAbsent(f.bool()),
      assigneeId: z.union([f.id(), z.null()]).optional(),
    }),
    answer: z.strictObject({ message: z.string(), ticket }),
  },
  "support-stats": {
    summary:
      "The CRM dashboard's support figures: open (and pending) tickets, and the median time to staff's first answer of tickets opened in the last 30 days.",
    access: ["manage", "Ticket"],
    input: z.object({}),
    answer: z.strictObject({
      openTickets: z.number().int(),
      openTicketsCapped: z.boolean().meta({ description: "true when openTickets is a lower bound (counted up to 1,000)." }),
      answeredTickets: z
        .number()
        .int()
        .meta({ description: "Tickets of the last 30 days staff answered: the median's sample (newest 1,000)." }),
      medianFirstResponseMinutes: z.number().nullable(),
    }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Support desk": supportCalls };

/** The answer schemas the OpenAPI document names. */
export const entities = { Ticket: ticket, TicketMessage: ticketMessage, TicketAttachment: ticketAttachment };
