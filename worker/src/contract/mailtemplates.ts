import * as z from "zod";
import { defineCalls, timestamp } from "./call";
import * as f from "./fields";

/** The CASL subject of the mail templates (an admin's through `manage all`; docs/decisions/0026-mail-templates.md). */
export const subjects = ["MailTemplate"] as const;

export const MAIL_LANGUAGES = ["en", "fr", "ar"] as const;
export const mailLanguage = z.enum(MAIL_LANGUAGES);

/** A subject: one line of plain text. */
const subjectText = () => f.displayName(300);
/** A body: paragraphs of plain text, one blank line between them; `{{placeholders}}` are checked by the handler. */
const bodyText = () =>
  f.text(5000).refine((v) => !f.hasUnsafeCharacters(v.replace(/\r?\n/g, " ")), { params: { reason: "mustBePlainText" } });

const kindInput = z.string().min(1).max(60);

export const mailTemplateText = z.strictObject({
  language: mailLanguage,
  subject: z.string(),
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  customised: z.boolean().meta({ description: "An admin's text is in force; false: the code's default." }),
  updatedAt: timestamp().nullable(),
});

export const mailTemplate = z.strictObject({
  kind: z.string().meta({ description: "The text's name in the mail registry (verify, receipt, …)." }),
  outboxKind: z.string().meta({ description: "The outbox's mailKind of its mails." }),
  placeholders: z.array(z.string()).meta({ description: "The names a text may use, written {{name}}." }),
  texts: z.array(mailTemplateText),
});

export const mailTemplateCalls = defineCalls({
  "mail-templates": {
    summary: "Every mail kind of the outbox, in each language: the text in force, the default, and its placeholders.",
    access: ["read", "MailTemplate"],
    input: z.object({}),
    answer: z.strictObject({ templates: z.array(mailTemplate) }),
  },
  "preview-mail-template": {
    summary:
      "Renders a draft (checked like a save) against the newest outbox mail of its kind (its placeholder values), " +
      "else a sample. Saves nothing.",
    access: ["read", "MailTemplate"],
    input: z.object({ kind: kindInput, language: mailLanguage, subject: subjectText(), body: bodyText() }),
    answer: z.strictObject({
      subject: z.string(),
      body: z.string(),
      html: z.string(),
      example: z.enum(["outbox", "sample"]).meta({ description: "outbox: values from a real mail; sample: none was found." }),
    }),
  },
  "update-mail-template": {
    summary:
      "Saves a kind's subject and body in one language, in force for the next mail. 400 naming an unknown or malformed " +
      "placeholder (nothing saved); audited.",
    access: ["manage", "MailTemplate"],
    input: z.object({ kind: kindInput, language: mailLanguage, subject: subjectText(), body: bodyText() }),
    answer: z.strictObject({ message: z.string(), template: mailTemplate }),
  },
  "reset-mail-template": {
    summary: "Drops a kind's text in one language: the code's default is in force again; audited.",
    access: ["manage", "MailTemplate"],
    input: z.object({ kind: kindInput, language: mailLanguage }),
    answer: z.strictObject({ message: z.string(), template: mailTemplate }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Mail templates": mailTemplateCalls };
export const entities = { MailTemplate: mailTemplate };
