import { sql } from "kysely";
import { CANNED_REPLIES_MAX } from "../../contract/canned-replies";
import { runBatch, type DB } from "../../db";
import type { CannedReplyLanguage } from "../../db/tables/support-mail";
import { badRequest, conflict, notFound } from "../../errors";
import { audit, insertedRowId, oneRowChanged } from "../audit";
import type { DomainContext } from "../context";
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

type CannedReplyRow = { cannedReplyId: number; language: CannedReplyLanguage; name: string; body: string; updatedAt: string };

/**
 * Adds or changes a canned reply: its text kept to the desk's allow-list, its name once per language. An
 * audit row in the same batch names the reply and who wrote it (decision 0032): staff's words reach clients.
 */
export async function saveCannedReply(context: Pick<DomainContext, "db" | "d1" | "actor">, input: CannedReplyInput) {
  const { db, d1 } = context;
  const body = sanitiseTicketHtml(input.body);
  if (htmlToPlainText(body) === "") throw badRequest("cannedReplyEmpty", "invalid_input", "body");
  const fields = { language: input.language, name: input.name, body };
  const detail = { name: input.name, language: input.language };
  try {
    if (input.cannedReplyId === undefined) {
      const count = await db
        .selectFrom("canned_replies")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= CANNED_REPLIES_MAX) throw badRequest("cannedRepliesFull", "too_many");
      const [added] = await runBatch<CannedReplyRow>(d1, [
        db.insertInto("canned_replies").values(fields).returning(COLUMNS),
        audit(context, { action: "create-canned-reply", subject: "Ticket", subjectId: insertedRowId, detail }),
      ]);
      return added!.results[0]!;
    }
    const [saved] = await runBatch<CannedReplyRow>(d1, [
      db
        .updateTable("canned_replies")
        .set({ ...fields, updatedAt: NOW })
        .where("cannedReplyId", "=", input.cannedReplyId)
        .returning(COLUMNS),
      audit(context, { action: "update-canned-reply", subject: "Ticket", subjectId: input.cannedReplyId, detail }, oneRowChanged),
    ]);
    const row = saved!.results[0];
    if (!row) throw notFound("noSuchCannedReply");
    return row;
  } catch (error) {
    if (isNameTaken(error)) throw conflict("cannedReplyNameTaken", "duplicate_name", "name");
    throw error;
  }
}

export async function deleteCannedReply(
  context: Pick<DomainContext, "db" | "d1" | "actor">,
  cannedReplyId: number,
): Promise<void> {
  const { db, d1 } = context;
  const [deleted] = await runBatch(d1, [
    db.deleteFrom("canned_replies").where("cannedReplyId", "=", cannedReplyId),
    audit(context, { action: "delete-canned-reply", subject: "Ticket", subjectId: cannedReplyId }, oneRowChanged),
  ]);
  if ((deleted?.meta.changes ?? 0) === 0) throw notFound("noSuchCannedReply");
}
