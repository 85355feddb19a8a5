import { sql } from "kysely";
import { CANNED_REPLIES_MAX } from "../../contract/canned-replies";
import type { DB } from "../../db";
import type { CannedReplyLanguage } from "../../db/tables/support-mail";
import { badRequest, conflict, notFound } from "../../errors";
import { htmlToPlainText, sanitiseTicketHtml } from "./html";

const NOW = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const COLUMNS = ["cannedReplyId", "language", "name", "body", "updatedAt"] as const;

/** The desk's canned replies by name (and language), one language's or all. */
export function cannedReplies(db: DB, language: CannedReplyLanguage | undefined) {
  const all = db.selectFrom("canned_replies").select(COLUMNS).orderBy("name").orderBy("language").limit(CANNED_REPLIES_MAX);
  return language ? all.where("language", "=", language) : all;
}

export interface CannedReplyInput {
  cannedReplyId?: number | undefined;
  language: CannedReplyLanguage;
  name: string;
  body: string;
}

const isNameTaken = (error: unknown) => /UNIQUE constraint failed: canned_replies/.test(String(error));

/** Adds or changes a canned reply: its text kept to the desk's allow-list, its name once per language. */
export async function saveCannedReply(db: DB, input: CannedReplyInput) {
  const body = sanitiseTicketHtml(input.body);
  if (htmlToPlainText(body) === "") throw badRequest("cannedReplyEmpty", "invalid_input", "body");
  const fields = { language: input.language, name: input.name, body };
  try {
    if (input.cannedReplyId === undefined) {
      const count = await db
        .selectFrom("canned_replies")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= CANNED_REPLIES_MAX) throw badRequest("cannedRepliesFull", "too_many");
      return await db.insertInto("canned_replies").values(fields).returning(COLUMNS).executeTakeFirstOrThrow();
    }
    const saved = await db
      .updateTable("canned_replies")
      .set({ ...fields, updatedAt: NOW })
      .where("cannedReplyId", "=", input.cannedReplyId)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!saved) throw notFound("noSuchCannedReply");
    return saved;
  } catch (error) {
    if (isNameTaken(error)) throw conflict("cannedReplyNameTaken", "duplicate_name", "name");
    throw error;
  }
}

export async function deleteCannedReply(db: DB, cannedReplyId: number): Promise<void> {
  const deleted = await db.deleteFrom("canned_replies").where("cannedReplyId", "=", cannedReplyId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound("noSuchCannedReply");
}
