import type { Language } from "../../errors/language";
import type { Portal } from "../context";
import { mailTexts, renderMail } from "../outbox/mails";
import type { Mail } from "../outbox/queue";

/**
 * Mails are in the reader's language: the caller passes the language of the user's own request
 * (`requestLanguage`) or the user's stored one; English when neither is known (say, an admin adds a user).
 */
export function verificationMail(portal: Portal, to: string, name: string, token: string, language: Language = "en"): Mail {
  const url = `${portal.origin}/pages/authentication/verify-email-v1?token=${encodeURIComponent(token)}`;
  return {
    to,
    kind: "verify-email",
    ...renderMail(language, mailTexts(language, portal.mailTemplates).verify({ name, site: portal.siteName, url })),
  };
}

export function resetMail(portal: Portal, to: string, name: string, token: string, language: Language = "en"): Mail {
  const url = `${portal.origin}/pages/authentication/reset-password-v1?token=${encodeURIComponent(token)}`;
  return {
    to,
    kind: "reset-password",
    ...renderMail(language, mailTexts(language, portal.mailTemplates).reset({ name, site: portal.siteName, url })),
  };
}
