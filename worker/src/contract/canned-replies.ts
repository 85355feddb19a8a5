import * as z from "zod";
import { defineCalls, timestamp } from "./call";
import * as f from "./fields";
import { TICKET_BODY_MAX } from "./support";

/** Staff's canned replies (issue 39, decision 0030): named reply texts per language, for the desk only. */

export const CANNED_REPLY_LANGUAGES = ["en", "fr", "ar"] as const;
/** A desk keeps a short list; the editor's menu shows them all. */
export const CANNED_REPLIES_MAX = 200;

export const cannedReply = z.strictObject({
  cannedReplyId: z.number().int(),
  language: z.enum(CANNED_REPLY_LANGUAGES),
  name: z.string(),
  body: z.string().meta({ description: "Sanitised HTML (the support desk's allow-list), inserted into the reply editor." }),
  updatedAt: timestamp(),
});

export const cannedReplyCalls = defineCalls({
  "search-canned-reply": {
    summary: "The desk's canned replies by name, of one language or all (staff only: who may manage Ticket).",
    access: ["manage", "Ticket"],
    input: z.object({ language: z.enum(CANNED_REPLY_LANGUAGES).optional() }),
    answer: z.strictObject({ cannedReplies: z.array(cannedReply) }),
  },
  "save-canned-reply": {
    summary: "Adds a canned reply, or with cannedReplyId changes one. A name is used once per language: 409 `duplicate_name`.",
    access: ["manage", "Ticket"],
    input: z.object({
      cannedReplyId: f.blankIsAbsent(f.id()),
      language: z.enum(CANNED_REPLY_LANGUAGES),
      name: f.displayName(100),
      body: f.text(TICKET_BODY_MAX),
    }),
    answer: z.strictObject({ message: z.string(), cannedReply }),
  },
  "delete-canned-reply": {
    summary: "Deletes a canned reply.",
    access: ["manage", "Ticket"],
    input: z.object({ cannedReplyId: f.id() }),
    answer: z.strictObject({ message: z.string() }),
  },
});

export const groups = { "Canned replies": cannedReplyCalls };

export const entities = { CannedReply: cannedReply };
