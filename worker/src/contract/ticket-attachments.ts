import * as z from "zod";
import { defineCalls, fileAnswer } from "./call";
import { downloadLink } from "./downloads";
import * as f from "./fields";

/** A ticket message's files (decision 0032); they are sent with reply-ticket. */
export const ticketAttachmentCalls = defineCalls({
  "ticket-attachment": {
    summary:
      "A file of a ticket's message, as an attachment (or a 5-minute link), for the ticket's client and staff; " +
      "an internal note's files for staff only. Anyone else gets 404.",
    access: ["read", "Ticket"],
    input: z.object({ attachmentId: f.id() }),
    answer: fileAnswer("application/octet-stream", downloadLink),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Ticket attachments": ticketAttachmentCalls };
