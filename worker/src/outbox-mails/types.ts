/** The languages of the web app (web/src/i18n), and so of mails. */
export const MAIL_LANGUAGES = ["en", "fr", "ar"] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** What a mail says, before it becomes plain text and HTML. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The one button of the mail, also written out as a URL in the text version. */
  action?: { label: string; url: string };
  /** Rows of a table (invoice lines), label then amount. */
  rows?: Array<[string, string]>;
  closing?: string;
}

export interface LinkMail {
  name: string;
  site: string;
  url: string;
}

export interface InvoiceMailInput {
  name: string;
  site: string;
  number: number;
  /** Already formatted in the mail's language. */
  paidAt: string;
  lines: Array<{ qty: number; name: string; total: string }>;
  total: string;
  url: string;
}

/** One module per language implements these; the wording is theirs, the layout is render.ts's. */
export interface MailTexts {
  verify(input: LinkMail): MailContent;
  reset(input: LinkMail): MailContent;
  invoice(input: InvoiceMailInput): MailContent;
}
