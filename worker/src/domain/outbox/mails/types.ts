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
  /** Last, small: why a mail that can be turned off came, and the page that turns it off. */
  footer?: { text: string; link: { label: string; url: string } };
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

export interface ReceiptMailInput {
  name: string;
  site: string;
  referenceId: string;
  /** The invoice number, as text: the SQL that knows it fills in a placeholder. */
  number: string;
  /** "2 × Name" per line of the payment. */
  lines: string[];
  url: string;
}

export interface ProofNoticeInput {
  site: string;
  referenceId: string;
  /** Already formatted in the mail's language. */
  amount: string;
  url: string;
}

export interface JobMailInput {
  name: string;
  /** The site that processed the document. */
  site: string;
  fileName: string;
  url: string;
}

export interface CreditNoteMailInput {
  name: string;
  site: string;
  /** The credit note's number, as text: the SQL that takes it fills in a placeholder. */
  number: string;
  invoiceNumber: number;
  /** Already formatted in the mail's language. */
  amount: string;
  reason: string;
  url: string;
}

export interface RecoveryCodeUsedInput {
  name: string;
  site: string;
  /** How many unused codes the account has left. */
  left: number;
  /** The address the sign-in came from. */
  ip: string;
  /** The security settings, where new codes are made. */
  url: string;
}

export interface PasskeyChangedInput {
  name: string;
  site: string;
  /** The name the user gave the passkey. */
  passkeyName: string;
  /** Added, or removed. */
  added: boolean;
  /** The address the change came from. */
  ip: string;
  /** The security settings, where passkeys are listed. */
  url: string;
}

/** One module per language implements these; the wording is theirs, the layout is render.ts's. */
export interface MailTexts {
  verify(input: LinkMail): MailContent;
  reset(input: LinkMail): MailContent;
  invoice(input: InvoiceMailInput): MailContent;
  /** To every admin: a payer uploaded a proof of transfer that waits for a check. */
  proofNotice(input: ProofNoticeInput): MailContent;
  /** The receipt sent when a payment is confirmed. */
  receipt(input: ReceiptMailInput): MailContent;
  /** A job finished: its similarity, and whether a report waits on the download page. */
  jobDone(input: JobMailInput & { similarity: number; hasReport: boolean }): MailContent;
  /** A job failed; `refunded` points went back to the balance (0: it cost none). */
  jobFailed(input: JobMailInput & { refunded: number }): MailContent;
  /** A refund was made: its credit note (the PDF is attached when the mail is sent). */
  creditNote(input: CreditNoteMailInput): MailContent;
  /** A security notice: a two-factor recovery code signed the account in. */
  recoveryCodeUsed(input: RecoveryCodeUsedInput): MailContent;
  /** A security notice: a passkey was added to the account or removed from it. */
  passkeyChanged(input: PasskeyChangedInput): MailContent;
  /** To every admin: a webhook endpoint failed for a day and was turned off (decision 0024). */
  webhookDisabled(input: WebhookDisabledInput): MailContent;
}

export interface WebhookDisabledInput {
  name: string;
  site: string;
  endpoint: string;
  /** Already formatted in the mail's language. */
  since: string;
  /** The webhooks page. */
  url: string;
}
