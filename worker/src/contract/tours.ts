import * as z from "zod";
import { defineCalls, timestamp } from "./call";
import * as f from "./fields";

/** The caller's first sign-in tour for the role they have now. */
export const tourState = z.strictObject({
  role: z.string().meta({ description: "The caller's role: the tour is remembered per user and role." }),
  seen: z.boolean().meta({ description: "Finished or skipped: the home page does not start it again." }),
  seenAt: timestamp().nullable(),
});

export const tourCalls = defineCalls({
  "tour-state": {
    summary: "Whether the caller has finished or skipped the first sign-in tour of their current role.",
    access: "signedIn",
    readsOnly: true,
    input: z.object({}),
    answer: tourState,
  },
  "update-tour": {
    summary:
      "Remembers that the caller finished or skipped the tour of their current role (seen: true), or forgets it so the home page runs it again (seen: false).",
    access: "signedIn",
    input: z.strictObject({ seen: f.bool() }),
    answer: z.strictObject({ message: z.string(), tour: tourState }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Tour: tourCalls };
