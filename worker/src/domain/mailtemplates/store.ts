import type { DB } from "../../db";
import { templateKey, type MailTemplates } from "./template";

/** The overrides in force, read whole (a few dozen rows at most: kinds × three languages), never cached. */
export async function loadMailTemplates(db: DB): Promise<MailTemplates> {
  const rows = await db.selectFrom("mail_templates").select(["mailKind", "language", "subject", "body"]).execute();
  return Object.fromEntries(
    rows.map((row) => [templateKey(row.mailKind, row.language), { subject: row.subject, body: row.body }]),
  );
}
