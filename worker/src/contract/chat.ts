import * as z from "zod";
import { defineCalls } from "./call";
import * as f from "./fields";
import { ticketMessage } from "./support";

/** What a ticket's room sends over its socket (docs/API.md "Live chat"): the web app reads its type. */
export const chatEvent = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("message"), message: ticketMessage }),
  z.strictObject({ type: z.literal("read"), staff: z.boolean(), seq: z.number().int() }),
  z.strictObject({ type: z.literal("typing"), userName: z.string(), staff: z.boolean() }),
]);
export type ChatEvent = z.output<typeof chatEvent>;

/**
 * Live chat (decision 0031): the support desk's tickets as conversations. Messages, typing and read marks
 * come over `GET /api/chat/<ticketId>` (a WebSocket, docs/API.md); this is what a page reads when it opens
 * a thread or polls while the socket is down.
 */
export const chatCalls = defineCalls({
  "chat-seen": {
    summary:
      "The other side's read mark of a ticket: for staff the client's, for the client the staff's (never past the " +
      "last message a client may see). Another client's ticket is 404.",
    access: ["read", "Ticket"],
    input: z.object({ ticketId: f.id() }),
    answer: z.strictObject({
      seenSeq: z.number().int().meta({ description: "The seq of the last message the other side has read (0: none)." }),
    }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Live chat": chatCalls };
