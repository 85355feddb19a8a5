import * as z from "zod";
import { defineCalls, fileAnswer, listOf, timestamp } from "./call";
import * as f from "./fields";

/** With R2's S3 settings, download answers a short-lived link instead of the bytes. */
export const downloadLink = z.strictObject({ url: z.url(), expiresAt: timestamp() });

export const DOWNLOAD_KINDS = ["report", "job-file", "item-file"] as const;

export const downloadCalls = defineCalls({
  download: {
    summary:
      "A report or job document (id: the job's uniqueId) or an item's file (id: itemId) the caller may see, as an attachment or a 5-minute link; someone else's is 404.",
    access: ["read", "Download"],
    input: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("report"), id: f.text(64) }),
      z.object({ kind: z.literal("job-file"), id: f.text(64) }),
      z.object({ kind: z.literal("item-file"), id: f.id() }),
    ]),
    answer: fileAnswer("application/octet-stream", downloadLink),
  },
  "job-file": {
    summary: "The document of a job the agent holds a claim on (admins: any job), as an attachment.",
    access: ["claim", "History"],
    agent: true,
    input: z.object({ uniqueId: f.text(64) }),
    answer: fileAnswer("application/octet-stream"),
  },
  "search-downloads": {
    summary: "Items the caller holds an active subscription to, with their URL and downloadable file.",
    access: ["read", "Download"],
    input: z.object({ ...f.paging(10) }),
    answer: listOf(
      z.strictObject({
        itemId: z.number().int(),
        itemName: z.string(),
        itemUrl: z.string(),
        itemFile: z.string().nullable(),
        endsAt: timestamp(),
      }),
    ),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Downloads: downloadCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { DownloadLink: downloadLink };
