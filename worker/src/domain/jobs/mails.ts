import type { Mail } from "../outbox/queue";
import { isLanguage, type Language } from "../../errors/language";
import type { Portal } from "../context";
import { mailTexts, renderMail } from "../outbox/mails";
import type { MailContent } from "../outbox/mails/types";
import { withUnsubscribeFooter, type Unsubscribe } from "../notifications/notify";

interface JobMailInput {
  to: string;
  name: string;
  siteName: string;
  fileName: string;
  /** The owner's stored mail language (users.mailLanguage): an agent or an admin finishes the job. */
  language: string;
}

const languageOf = (job: JobMailInput): Language => (isLanguage(job.language) ? job.language : "en");

/** A job mail can be turned off (the "job results" switch): it carries the footer and one-click link. */
function jobMail(kind: string, job: JobMailInput, language: Language, content: MailContent, unsubscribe: Unsubscribe): Mail {
  return {
    to: job.to,
    kind,
    ...renderMail(language, withUnsubscribeFooter(content, language, "jobDone", unsubscribe)),
    unsubscribeUrl: unsubscribe.oneClickUrl,
  };
}

export function jobDoneMail(
  portal: Portal,
  job: JobMailInput,
  similarity: number,
  hasReport: boolean,
  unsubscribe: Unsubscribe,
): Mail {
  const language = languageOf(job);
  const url = `${portal.origin}${hasReport ? "/portal/download-page" : "/portal/history-user"}`;
  const content = mailTexts(language, portal.mailTemplates).jobDone({
    name: job.name,
    site: job.siteName,
    fileName: job.fileName,
    url,
    similarity,
    hasReport,
  });
  return jobMail("job-done", job, language, content, unsubscribe);
}

export function jobFailedMail(portal: Portal, job: JobMailInput, refunded: number, unsubscribe: Unsubscribe): Mail {
  const language = languageOf(job);
  const content = mailTexts(language, portal.mailTemplates).jobFailed({
    name: job.name,
    site: job.siteName,
    fileName: job.fileName,
    url: `${portal.origin}/portal/site`,
    refunded,
  });
  return jobMail("job-failed", job, language, content, unsubscribe);
}
