import { supportCalls } from "../contract/support";
import { listPage } from "../db/list";
import {
  messageView,
  readableTicket,
  ticketList,
  ticketMessages,
  ticketReader,
  ticketView,
  type MessageRow,
  type TicketRow,
} from "../domain/support/tickets";
import { attachmentsByMessage, checkAttachments, ticketAttachments } from "../domain/support/attachments";
import { sendReplyNotices } from "../domain/support/notices";
import { chatAfterRead, chatAfterReply } from "../domain/chat/push";
import { supportFigures } from "../domain/support/stats";
import { dispatchMail } from "../domain/outbox/dispatch";
import { openTicket, replyTicket, updateTicket } from "../domain/support/write";
import { notFound } from "../errors";
import { domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { mailQueueOf, supportMailOf } from "../http/settings";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";

/** The support desk's tickets (docs/decisions/0015-support-desk.md). */

const readerOf = (ctx: Ctx) => ticketReader(ctx.ability, requireUser(ctx).userId);

/** The ticket as the caller sees it now (after a change: the primary's copy). */
async function currentTicket(ctx: Ctx, ticketId: number) {
  const found = await readableTicket(ctx.db, readerOf(ctx), ticketId);
  if (!found) throw notFound("noSuchTicket");
  return ticketView(found);
}

const openTicketCall = route(supportCalls["open-ticket"], {
  async handler(ctx, input) {
    const { attachments, ...ticket } = input;
    const checked = await checkAttachments(attachments ?? []);
    const ticketId = await openTicket(domainOf(ctx), readerOf(ctx), ticket, { bucket: ctx.env.FILES, checked });
    return json({
      message: success(ctx, input.draft ? "ticketDraftSaved" : "ticketOpened"),
      ticket: await currentTicket(ctx, ticketId),
    });
  },
});

const searchTicket = route(supportCalls["search-ticket"], {
  async handler(ctx, input) {
    const { query, ...options } = ticketList(ctx.db, readerOf(ctx), input);
    const page = await listPage<TicketRow>(ctx.db, query, { ...options, window: input });
    const counts = (page.with[0]?.[0] ?? {}) as Record<"inbox" | "starred" | "spam" | "trash", number | undefined>;
    const unread = {
      inbox: Number(counts.inbox ?? 0),
      starred: Number(counts.starred ?? 0),
      spam: Number(counts.spam ?? 0),
      trash: Number(counts.trash ?? 0),
    };
    return list(page.rows.map(ticketView), page, input.page, input.limit, { unread });
  },
});

const ticketDetail = route(supportCalls["ticket-detail"], {
  async handler(ctx, input) {
    const reader = readerOf(ctx);
    const found = await readableTicket(ctx.db, reader, input.ticketId);
    if (!found) throw notFound("noSuchTicket");
    const [messages, files] = await Promise.all([
      ticketMessages(ctx.db, reader, found.ticketId).execute() as Promise<MessageRow[]>,
      ticketAttachments(ctx.db, reader, found.ticketId).execute(),
    ]);
    const byMessage = attachmentsByMessage(files);
    return json({
      ticket: ticketView(found),
      messages: messages.map((m) => ({ ...messageView(m), attachments: byMessage.get(m.messageId) ?? [] })),
    });
  },
});

const replyTicketCall = route(supportCalls["reply-ticket"], {
  async handler(ctx, input) {
    const reader = readerOf(ctx);
    const { attachments, ...message } = input;
    const checked = await checkAttachments(attachments ?? []);
    const reply = await replyTicket(domainOf(ctx), reader, message, { bucket: ctx.env.FILES, checked });
    const user = requireUser(ctx);
    // After the answer: the notices are their own batch (the reply stays within its write budget); the
    // cron's dispatch sends any mail this misses.
    const replied = { ticketId: input.ticketId, seq: reply.seq, body: reply.body, internal: input.internal };
    const author = { authorId: user.userId, authorName: user.userName, staff: reader.staff };
    ctx.exec.waitUntil(
      sendReplyNotices(ctx.db, ctx.env.DB, portalOf(ctx), supportMailOf(ctx.env), { ...replied, ...author })
        .then(() => dispatchMail(mailQueueOf(ctx.env), ctx.db))
        .catch((error: unknown) => console.error("ticket reply notices failed", String(error))),
    );
    const ticketMessage = {
      messageId: reply.messageId,
      seq: reply.seq,
      author: { userId: user.userId, userName: user.userName, staff: reader.staff },
      body: reply.body,
      internal: input.internal,
      attachments: reply.attachments,
      createdAt: reply.createdAt,
    };
    chatAfterReply(ctx.exec, ctx.env.CHAT_ROOMS, input.ticketId, ticketMessage);
    return json({ message: success(ctx, input.internal ? "ticketNoteAdded" : "ticketReplied"), ticketMessage });
  },
});

const updateTicketCall = route(supportCalls["update-ticket"], {
  async handler(ctx, input) {
    await updateTicket(domainOf(ctx), readerOf(ctx), input);
    if (input.read !== undefined) chatAfterRead(ctx.exec, ctx.db, ctx.env.CHAT_ROOMS, readerOf(ctx), input.ticketId);
    return json({ message: success(ctx, "ticketUpdated"), ticket: await currentTicket(ctx, input.ticketId) });
  },
});

const supportStats = route(supportCalls["support-stats"], {
  async handler(ctx) {
    return json(await supportFigures(ctx.db));
  },
});

export const routes = [openTicketCall, searchTicket, ticketDetail, replyTicketCall, updateTicketCall, supportStats];
