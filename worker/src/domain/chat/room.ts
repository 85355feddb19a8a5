import { DurableObject } from "cloudflare:workers";
import type { ChatEvent } from "../../contract/chat";

/** Who holds a socket of a room, kept with the socket (it survives hibernation). */
export interface ChatMember {
  userId: number;
  userName: string;
  staff: boolean;
  /** Staff viewing as the client (decision 0033): they watch; nothing they do is shown as the client's. */
  readOnly: boolean;
}

/** The header the Worker names the member in when it hands a checked socket request to the room. */
export const CHAT_MEMBER_HEADER = "x-chat-member";

/** What a room pushes to each side: staff see everything; `client: null` is kept from the client (a note). */
export interface ChatPush {
  staff: ChatEvent;
  client: ChatEvent | null;
}

/** The longest frame a socket may send; typing is a few bytes, anything larger is not ours. */
const MAX_FRAME = 256;

/**
 * One ticket's live conversation (decision 0031): the open sockets of its client and staff, accepted with the
 * hibernation API so the object sleeps (unbilled) between messages. It stores nothing: D1 is the record, and
 * the Worker pushes what it committed. Only the Worker reaches it, after the socket's caller was checked.
 */
export class ConversationRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    const member = JSON.parse(request.headers.get(CHAT_MEMBER_HEADER) ?? "null") as ChatMember | null;
    if (!member) return new Response(null, { status: 400 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [member.staff ? "staff" : "client"]);
    server.serializeAttachment(member);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends each side its event (RPC from the Worker once D1 committed). */
  async push(push: ChatPush): Promise<void> {
    this.broadcast("staff", push.staff);
    if (push.client) this.broadcast("client", push.client);
  }

  /** A socket's frame: only typing is taken, relayed to the others and never stored (a read-only member's is dropped). */
  override async webSocketMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    if (typeof frame !== "string" || frame.length > MAX_FRAME) return;
    let sent: unknown;
    try {
      sent = JSON.parse(frame);
    } catch {
      return;
    }
    if ((sent as { type?: unknown } | null)?.type !== "typing") return;
    const member = ws.deserializeAttachment() as ChatMember;
    if (member.readOnly) return;
    const text = JSON.stringify({ type: "typing", userName: member.userName, staff: member.staff } satisfies ChatEvent);
    for (const other of this.ctx.getWebSockets()) if (other !== ws) send(other, text);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code, reason);
    } catch {
      // Already closed: the runtime answered the close frame itself.
    }
  }

  private broadcast(tag: "staff" | "client", event: ChatEvent) {
    const text = JSON.stringify(event);
    for (const ws of this.ctx.getWebSockets(tag)) send(ws, text);
  }
}

/** A socket closing while we send is no error: its page reconnects or polls. */
function send(ws: WebSocket, text: string) {
  try {
    ws.send(text);
  } catch {
    // closed meanwhile
  }
}
