import { ticketAttachmentCalls } from "../contract/ticket-attachments";
import { storedDownload } from "../domain/storage/download";
import { attachmentOf } from "../domain/support/attachments";
import { readableTicket, ticketReader } from "../domain/support/tickets";
import { requireUser } from "../http/context";
import { fileAnswerOf } from "../http/files";
import { route } from "../http/route";

/** A ticket message's file (decision 0032): for whoever may read the ticket, and an internal note's for staff only. */
const ticketAttachment = route(ticketAttachmentCalls["ticket-attachment"], {
  async handler(ctx, input) {
    const reader = ticketReader(ctx.ability, requireUser(ctx).userId);
    const found = await attachmentOf(ctx.db, input.attachmentId);
    // Another client's file, or a note's for a client, answers as a missing one does.
    const visible =
      found !== undefined && (reader.staff || found.internal === 0) && (await readableTicket(ctx.db, reader, found.ticketId));
    return fileAnswerOf(visible ? await storedDownload(ctx.env.FILES, ctx.env, { key: found.fileKey, name: found.name }) : null);
  },
});

export const routes = [ticketAttachment];
