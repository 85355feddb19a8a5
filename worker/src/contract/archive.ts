import * as z from "zod";
import { defineCalls } from "./call";
import * as f from "./fields";

/** The CASL subject of the archive in R2 (an admin's `manage all` covers it; clients have none). */
export const subjects = ["Archive"] as const;

export const ARCHIVED_TABLES = ["history", "outbox", "audit_log", "notifications"] as const;

const archivedField = z.union([z.string(), z.number(), z.null()]);

export const archivedRow = z.strictObject({
  id: z.number().int(),
  createdAt: z.string(),
  fields: z
    .record(z.string(), archivedField)
    .meta({ description: "The row's columns as archived, less mail bodies, links and R2 keys." }),
});

export const archiveCalls = defineCalls({
  "search-archive": {
    summary:
      "One table's month in the R2 archive (decision 0025): the months archived, and the rows of the next few chunks after `after` containing `q`; `next` continues.",
    access: ["read", "Archive"],
    input: z.strictObject({
      table: f.blankIsAbsent(z.enum(ARCHIVED_TABLES)).transform((table) => table ?? "history"),
      month: f
        .blankIsAbsent(f.textMatching(7, /^\d{4}-(0[1-9]|1[0-2])$/, "mustBeMonth"))
        .meta({ description: "YYYY-MM; absent: the newest month archived." }),
      q: f.optionalText(100),
      after: f.blankIsAbsent(f.id()),
    }),
    answer: z.strictObject({
      month: z.string().nullable().meta({ description: "The month searched; null with nothing archived." }),
      months: z.array(z.strictObject({ month: z.string(), rows: z.number().int() })),
      rows: z.array(archivedRow),
      next: z.number().int().nullable().meta({ description: "The `after` of the next call; null at the month's end." }),
    }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Archive: archiveCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { ArchivedRow: archivedRow };
