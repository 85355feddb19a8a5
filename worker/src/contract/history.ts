import * as z from "zod";
import { defineCalls, listOf, timestamp } from "./call";
import { LOGIN_METHODS } from "./vendors";
import * as f from "./fields";
import { bodyLimitFor } from "./uploads";

/** 0 queued, 1 done, 2 failed. */
export const JOB_STATUSES = [0, 1, 2] as const;

/** A job as the API shows it (never its storage keys, claim details or vendor secrets). */
export const history = z.strictObject({
  historyId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  siteId: z.number().int().nullable(),
  siteName: z.string(),
  vendorId: z.number().int().nullable(),
  vendorName: z.string(),
  fileName: z.string(),
  pointsSpent: z.number().int(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  /** Whether a report can be downloaded. */
  hasReport: z.boolean(),
  fileData: z.strictObject({
    uniqueId: z.string(),
    status: z.literal(JOB_STATUSES),
    similarity: z.number().int().nullable(),
  }),
});

/** An optional numeric filter: blank, null or "all" mean none. */
const optionalId = () =>
  z.preprocess(
    (v: number | string | null | undefined) => (v === "" || v === null || v === "all" ? undefined : v),
    f.id().optional(),
  );

export const searchHistoryInput = z.object({
  userId: optionalId(),
  search: f.search(),
  // selectedVendor is the vendor SITE (siteId), as in searchvendor; vendorId narrows to one vendor account.
  selectedVendor: optionalId(),
  vendorId: optionalId(),
  status: z.preprocess(
    (v: number | string | null | undefined) => (v === "" || v === null || v === "all" ? undefined : v),
    f.int(0, 2).optional(),
  ),
  ...f.paging(10),
});

/** A claimed job's vendor account; the decrypted secret goes to agents' keys only. */
const claimedVendor = z.strictObject({
  vendorId: z.number().int(),
  vendorName: z.string().nullable(),
  loginMethod: z.enum(LOGIN_METHODS),
  vendorEmail: z.string().nullable(),
  vendorValue: z.string().nullable().optional(),
  vendorPassword: z.string().nullable().optional(),
});

/** A job an agent (or admin) claimed, with what processing it needs. */
export const claimedJob = z.strictObject({
  uniqueId: z.string(),
  siteId: z.number().int().nullable(),
  siteName: z.string(),
  fileName: z.string(),
  pointsSpent: z.number().int(),
  createdAt: timestamp(),
  claimedAt: timestamp(),
  vendor: claimedVendor.nullable(),
  /** The document: POST /api/<call> with this body, using the same API key. */
  file: z.strictObject({ call: z.literal("job-file"), body: z.strictObject({ uniqueId: z.string() }) }),
});

export const historyCalls = defineCalls({
  "site-use": {
    summary: "The 'use a site' page: the site, its price, the caller's balance and the largest document.",
    access: ["create", "History"],
    input: z.object({ siteId: f.id() }),
    answer: z.strictObject({
      site: z.strictObject({
        siteId: z.number().int(),
        siteName: z.string(),
        siteDesc: z.string(),
        sitePrice: z.number().int(),
        siteImage: z.string().nullable(),
        /** False while the site has no active vendor account. */
        available: z.boolean(),
      }),
      userQuota: z.number().int(),
      maxFileSize: z.number().int(),
    }),
  },
  "submit-job": {
    summary:
      "Uploads a document to a site: its price is taken and the job queued in one batch (409 insufficient_points, no_vendor).",
    access: ["create", "History"],
    maxBody: bodyLimitFor("document"),
    input: z.object({ siteId: f.id(), file: f.file() }),
    answer: z.strictObject({ message: z.string(), history }),
  },
  "claim-jobs": {
    summary: "Takes up to `limit` queued jobs (oldest first) for JOB_CLAIM_TIMEOUT_MINUTES; agents get the vendor secret.",
    access: ["claim", "History"],
    agent: true,
    input: z.object({ siteId: f.id().optional(), limit: f.int(1, 20).default(5) }),
    answer: z.strictObject({ message: z.string(), jobs: z.array(claimedJob) }),
  },
  "search-history": {
    summary: "Jobs, newest first: all of them (optionally one user's) for admins, the caller's own otherwise.",
    access: ["read", "History"],
    input: searchHistoryInput,
    answer: listOf(history),
  },
  "update-history": {
    summary:
      "Finishes a queued job: status 1 (done) with a similarity and an optional report, or 2 (failed, points refunded once).",
    access: ["update", "History"],
    agent: true,
    maxBody: bodyLimitFor("report"),
    input: z
      .object({
        uniqueId: f.text(64),
        status: f.int(1, 2),
        similarity: f.blankIsAbsent(f.int(0, 100)),
        similairy: f
          .blankIsAbsent(f.int(0, 100))
          .meta({ description: "The original client's spelling of similarity, accepted beside it (similarity wins)." }),
        report: f.optionalFile(),
      })
      .transform(({ similairy, ...job }) => ({ ...job, similarity: job.similarity ?? similairy })),
    answer: z.strictObject({ message: z.string(), history }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Jobs: historyCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { History: history, ClaimedJob: claimedJob };
