import { chatCalls } from "../contract/chat";
import { roomOf, seenByOtherSide } from "../domain/chat/push";
import { CHAT_MEMBER_HEADER, type ChatMember } from "../domain/chat/room";
import { readableTicket, ticketReader, type TicketReader } from "../domain/support/tickets";
import { forbidden, HttpError, msg, notFound } from "../errors";
import { requireUser } from "../http/context";
import { requestCaller, type DispatchHooks } from "../http/dispatch";
import { requestLanguage } from "../http/language";
import { errorResponse, json } from "../http/respond";
import { route } from "../http/route";
import type { DB } from "../db";

/** Live chat (decision 0031): the support desk's tickets as conversations, pushed over a WebSocket. */

async function conversation(db: DB, reader: TicketReader, ticketId: number) {
  const found = await readableTicket(db, reader, ticketId);
  if (!found || found.draft === 1) throw notFound("noSuchTicket");
  return found;
}

const chatSeen = route(chatCalls["chat-seen"], {
  async handler(ctx, input) {
    const reader = ticketReader(ctx.ability, requireUser(ctx).userId);
    const ticket = await conversation(ctx.db, reader, input.ticketId);
    return json({ seenSeq: await seenByOtherSide(ctx.db, reader, ticket) });
  },
});

export const routes = [chatSeen];

/**
 * `GET /api/chat/<ticketId>` with `Upgrade: websocket`: checked in order (426 without the upgrade, 403 from
 * another origin, 401 signed out, 403 without `read Ticket`, 404 for a ticket not the caller's), then handed
 * to the ticket's room, which keeps who the caller is with the socket.
 */
export async function openChatSocket(
  request: Request,
  env: Env,
  exec: ExecutionContext,
  url: URL,
  id: string,
  hooks: DispatchHooks,
) {
  try {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      throw new HttpError(426, "upgrade_required", "chatUpgradeRequired");
    }
    const ctx = await requestCaller(request, url, env, exec, hooks);
    if (ctx.agent) throw forbidden("signedInUserOnly", "agent_not_allowed");
    const user = requireUser(ctx);
    if (!ctx.ability.can("read", "Ticket")) {
      throw forbidden(msg("notAllowed", { action: "read", subject: "Ticket" }), "missing_permission");
    }
    const ticketId = Number(id);
    if (!Number.isSafeInteger(ticketId) || ticketId < 1) throw notFound("noSuchTicket");
    const reader = ticketReader(ctx.ability, user.userId);
    await conversation(ctx.db, reader, ticketId);
    const member: ChatMember = {
      userId: user.userId,
      userName: user.userName,
      staff: reader.staff,
      readOnly: Boolean(ctx.viewAs),
    };
    const headers = new Headers(request.headers);
    headers.set(CHAT_MEMBER_HEADER, JSON.stringify(member));
    return await roomOf(env.CHAT_ROOMS, ticketId).fetch(new Request(request.url, { headers }));
  } catch (error) {
    const response = errorResponse(error, requestLanguage(request));
    if (error instanceof HttpError && error.status === 426) response.headers.set("upgrade", "websocket");
    return response;
  }
}
