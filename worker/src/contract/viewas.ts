import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

/** What `me` tells the web app of a running view-as (the banner): who views, since and until when. */
export const viewAsState = z.strictObject({
  staffName: z.string(),
  startedAt: timestamp(),
  endsAt: timestamp().meta({ description: "The hard end: 30 minutes after the start." }),
});

/** A view-as of the client's account, as their security tab lists it. */
const viewAsSession = z.strictObject({
  viewAsId: z.number().int(),
  staffId: z.number().int(),
  staffName: z.string(),
  startedAt: timestamp(),
  endedAt: timestamp().nullable().meta({ description: "Null while it runs." }),
  endReason: z.enum(["ended", "expired", "logout"]).nullable(),
});

export const viewAsCalls = defineCalls({
  "view-as": {
    summary:
      "Starts a read-only session as a client (30 minutes at most; every write answers 403 view_as_read_only) after a fresh " +
      "password or TOTP `code` of the caller; the staff session waits in the `sid_staff` cookie for `end-view-as`.",
    access: ["impersonate", "User"],
    input: z
      .object({
        userId: f.id(),
        password: z.string().min(1).max(200).optional(),
        code: z.string().trim().min(1).max(10).optional(),
      })
      // Exactly one of the two, as the handler checks (with its own errors): said in the JSON Schema too.
      .meta({ oneOf: [{ required: ["password"] }, { required: ["code"] }] }),
    answer: done,
  },
  "end-view-as": {
    summary: "Ends the view-as this browser runs (or finds it expired) and signs the staff session back in from `sid_staff`.",
    // Public: once 30 minutes have passed the view-as session is gone, and End must still bring the staff back.
    access: "public",
    input: z.object({}),
    answer: done,
  },
  "search-view-as": {
    summary:
      "The view-as sessions of the caller's account, newest first (staff with `read User`: another user's with userId; a client's userId is ignored).",
    access: "signedIn",
    readsOnly: true,
    input: z.object({ userId: f.id().optional(), ...f.paging(10) }),
    answer: listOf(viewAsSession),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "View as": viewAsCalls };
