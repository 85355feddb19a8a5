import type { Ctx } from "../http/context";
import type { Mail } from "../outbox";

interface JobMailInput {
  to: string;
  name: string;
  siteName: string;
  fileName: string;
}

export function jobDoneMail(ctx: Ctx, job: JobMailInput, similarity: number, hasReport: boolean): Mail {
  const where = hasReport ? "The report is on your download page" : "The result is in your history";
  return {
    to: job.to,
    kind: "job-done",
    subject: `Your ${job.siteName} result is ready`,
    body: `Hello ${job.name},\n\nYour document "${job.fileName}" was processed by ${job.siteName}.\nSimilarity: ${similarity}%\n\n${where}:\n${ctx.url.origin}${hasReport ? "/portal/download-page" : "/portal/history-user"}\n`,
  };
}

export function jobFailedMail(ctx: Ctx, job: JobMailInput, refunded: number): Mail {
  const refund = refunded > 0 ? `The ${refunded} points it cost are back on your balance.` : "It cost no points.";
  return {
    to: job.to,
    kind: "job-failed",
    subject: `Your ${job.siteName} job could not be processed`,
    body: `Hello ${job.name},\n\nYour document "${job.fileName}" could not be processed by ${job.siteName}. ${refund}\n\nYou can try again from ${ctx.url.origin}/portal/site\n`,
  };
}
