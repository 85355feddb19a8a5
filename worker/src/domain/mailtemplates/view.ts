import type { DB } from "../../db";
import type { Language } from "../../errors/language";
import { mailTexts, renderMail, type RenderedMail } from "../outbox/mails";
import type { MailKind } from "./samples";
import {
  applyTemplate,
  defaultTemplate,
  mailKinds,
  outboxKindOf,
  placeholdersOf,
  sampleOf,
  templateKey,
  valuesIn,
  type MailTemplate,
} from "./template";

const LANGUAGES: readonly Language[] = ["en", "fr", "ar"];

interface StoredText extends MailTemplate {
  updatedAt: string;
}

async function storedTexts(db: DB, kind?: MailKind): Promise<Map<string, StoredText>> {
  let query = db.selectFrom("mail_templates").select(["mailKind", "language", "subject", "body", "updatedAt"]);
  if (kind) query = query.where("mailKind", "=", kind);
  const rows = await query.execute();
  return new Map(rows.map((row) => [templateKey(row.mailKind, row.language), row]));
}

function viewOf(kind: MailKind, stored: Map<string, StoredText>) {
  return {
    kind,
    outboxKind: outboxKindOf(kind),
    placeholders: placeholdersOf(kind),
    texts: LANGUAGES.map((language) => {
      const fallback = defaultTemplate(mailTexts(language), kind);
      const saved = stored.get(templateKey(kind, language));
      return {
        language,
        subject: saved?.subject ?? fallback.subject,
        body: saved?.body ?? fallback.body,
        defaultSubject: fallback.subject,
        defaultBody: fallback.body,
        customised: Boolean(saved),
        updatedAt: saved?.updatedAt ?? null,
      };
    }),
  };
}

/** Every kind of the registry with its texts in each language (one statement). */
export async function mailTemplateList(db: DB) {
  const stored = await storedTexts(db);
  return mailKinds().map((kind) => viewOf(kind, stored));
}

export async function mailTemplateView(db: DB, kind: MailKind) {
  return viewOf(kind, await storedTexts(db, kind));
}

/** How many of the newest mails of a kind the preview looks through for one its texts match. */
const EXAMPLES = 5;

/**
 * A draft rendered as a real mail: filled with the placeholder values of the newest outbox mail of its kind
 * (read back from its text by the templates it may have been written with), the rest from the kind's sample.
 * A link is never taken from a real mail (it may carry a token): it stays the sample's.
 */
export async function previewMail(
  db: DB,
  kind: MailKind,
  language: Language,
  draft: MailTemplate,
): Promise<RenderedMail & { example: "outbox" | "sample" }> {
  const [mails, stored] = await Promise.all([
    db
      .selectFrom("outbox")
      .select(["mailSubject", "mailBody"])
      .where("mailKind", "=", outboxKindOf(kind))
      .orderBy("mailId", "desc")
      .limit(EXAMPLES)
      .execute(),
    storedTexts(db, kind),
  ]);
  const candidates = LANGUAGES.flatMap((each) => {
    const saved = stored.get(templateKey(kind, each));
    return [defaultTemplate(mailTexts(each), kind), ...(saved ? [saved] : [])];
  });
  const sample = sampleOf(kind);
  let found: Record<string, string> = {};
  for (const mail of mails) {
    found = valuesIn({ subject: mail.mailSubject, body: mail.mailBody }, candidates);
    if (Object.keys(found).length > 0) break;
  }
  const real = Object.fromEntries(
    Object.entries(found)
      .filter(([name]) => name !== "url" && name in sample)
      .map(([name, value]) => [name, typeof sample[name] === "number" && /^\d+$/.test(value) ? Number(value) : value]),
  );
  const input = { ...sample, ...real };
  const content = (mailTexts(language)[kind] as unknown as (input: Record<string, unknown>) => ReturnType<typeof applyTemplate>)(
    input,
  );
  return {
    ...renderMail(language, applyTemplate(content, draft, input)),
    example: Object.keys(real).length ? "outbox" : "sample",
  };
}
