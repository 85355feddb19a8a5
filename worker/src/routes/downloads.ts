import { scopeOf } from "../auth/ability";
import { nowIso } from "../db";
import { listPage } from "../db/list";
import { downloadList } from "../domain/payments/subscriptions";
import { actorOf, requireUser, type Ctx } from "../http/context";
import { notFound } from "../errors";
import { fileAnswerOf } from "../http/files";
import { list } from "../http/respond";
import { route } from "../http/route";
import { claimTag } from "../domain/jobs/claims";
import { findArchivedJob } from "../domain/archive/read";
import { storedDownload } from "../domain/storage/download";
import type { ListRowOf } from "../contract";
import { downloadCalls } from "../contract/downloads";

const missing = () => notFound("noSuchFile");

/**
 * A file the caller may not see answers exactly like one that does not exist (no IDOR probing).
 * Callers reach this only after their ownership check.
 */
async function serve(ctx: Ctx, key: string | null | undefined, name: string | null | undefined, asLink = true) {
  return fileAnswerOf(await storedDownload(ctx.env.FILES, ctx.env, { key, name }, asLink));
}

/** A job's file names and keys, as history or its archive row holds them. */
interface JobFiles {
  fileKey?: unknown;
  fileName?: unknown;
  reportKey?: unknown;
  reportName?: unknown;
}

const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);

async function jobFile(ctx: Ctx, uniqueId: string, kind: "report" | "job-file") {
  const user = requireUser(ctx);
  const live = await ctx.db
    .selectFrom("history")
    .select(["userId", "fileKey", "fileName", "reportKey", "reportName"])
    .where("uniqueId", "=", uniqueId)
    .executeTakeFirst();
  if (live && live.userId !== user.userId && scopeOf(ctx.ability, "read", "History") !== "all") throw missing();
  // A job the retention moved to R2 is found by its owner only (decision 0025); its files stayed in R2.
  const job: JobFiles | null = live ?? (await findArchivedJob(ctx.env.DB, ctx.env.FILES, user.userId, uniqueId));
  if (!job) throw missing();
  return kind === "report"
    ? serve(ctx, textOrNull(job.reportKey), textOrNull(job.reportName))
    : serve(ctx, textOrNull(job.fileKey), textOrNull(job.fileName));
}

async function itemFile(ctx: Ctx, itemId: number) {
  const user = requireUser(ctx);
  const item = await ctx.db
    .selectFrom("items")
    .select(["itemFileKey", "itemFile"])
    .where("itemId", "=", itemId)
    .executeTakeFirst();
  if (!item) throw missing();
  if (!ctx.ability.can("update", "Item")) {
    const active = await ctx.db
      .selectFrom("subscriptions")
      .select("subscriptionId")
      .where("userId", "=", user.userId)
      .where("itemId", "=", itemId)
      .where("endsAt", ">", nowIso())
      .executeTakeFirst();
    if (!active) throw missing();
  }
  return serve(ctx, item.itemFileKey, item.itemFile);
}

const download = route(downloadCalls.download, {
  async handler(ctx, input) {
    return input.kind === "item-file" ? itemFile(ctx, input.id) : jobFile(ctx, input.id, input.kind);
  },
});

/** The document of a queued job, for the agent holding its claim (admins: any job). */
const jobFileForAgent = route(downloadCalls["job-file"], {
  async handler(ctx, { uniqueId }) {
    const job = await ctx.db
      .selectFrom("history")
      .select(["fileKey", "fileName", "status", "claimedBy"])
      .where("uniqueId", "=", uniqueId)
      .executeTakeFirst();
    if (!job || (ctx.agent && (job.claimedBy !== claimTag(actorOf(ctx)) || job.status !== 0))) throw missing();
    return serve(ctx, job.fileKey, job.fileName, false);
  },
});

/** Items the caller holds an active subscription to, with their URL and downloadable file. */
const searchDownloads = route(downloadCalls["search-downloads"], {
  async handler(ctx, { page, limit }) {
    const user = requireUser(ctx);
    const { query, ...options } = downloadList(ctx.db, user.userId, nowIso());
    const found = await listPage<ListRowOf<"search-downloads">>(ctx.db, query, { ...options, window: { page, limit } });
    return list(found.rows, found, page, limit);
  },
});

export const routes = [download, jobFileForAgent, searchDownloads];
