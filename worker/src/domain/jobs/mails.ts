import type { Mail } from "../outbox/queue";
import { isLanguage, type Language } from "../../errors/language";
import type { Portal } from "../context";
import { mailTexts, renderMail } from "../outbox/mails";

interface JobMailInput {
  to: string;
  name: string;
  siteName: string;
  fileName: string;
  /** The owner's stored mail language (users.mailLanguage): an agent or an admin finishes the job. */
  language: string;
}

const languageOf = (job: JobMailInput): Language => (isLanguage(job.language) ? job.language : "en");

export function jobDoneMail(portal: Portal, job: JobMailInput, similarity: number, hasReport: boolean): Mail {
  const language = languageOf(job);
  const url = `${portal.origin}${hasReport ? "/portal/download-page" : "/portal/history-user"}`;
  const content = mailTexts(language).jobDone({
    name: job.name,
    site: job.siteName,
    fileName: job.fileName,
    url,
    similarity,
    hasReport,
  });
  return { to: job.to, kind: "job-done", ...renderMail(language, content) };
}

export function jobFailedMail(portal: Portal, job: JobMailInput, refunded: number): Mail {
  const language = languageOf(job);
  const content = mailTexts(language).jobFailed({
    name: job.name,
    site: job.siteName,
    fileName: job.fileName,
    url: `${portal.origin}/portal/site`,
    refunded,
  });
  return { to: job.to, kind: "job-failed", ...renderMail(language, content) };
}
