import { sql } from "kysely";
import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { RowOf } from "../../db/rows";
import { notFound } from "../../errors";
import type { PaymentReader } from "../payments/queries";

/** A refund row with its invoice's number, as the credit-note calls read it. */
const CREDIT_NOTE_COLUMNS = [
  "r.refundId",
  "r.creditNoteNumber",
  "r.status",
  "r.failureReason",
  "r.referenceId",
  "p.invoiceNumber",
  "r.userId",
  "r.amount",
  "r.netAmount",
  "r.taxAmount",
  "r.currency",
  "r.reason",
  "r.method",
  "r.lines",
  "r.pointsWanted",
  "r.pointsReclaimed",
  "r.subscriptionsEnded",
  "r.createdAt",
  "r.settledAt",
] as const;

/** A credit note's line: the refunded share of an invoice line (refund.ts `creditLines`). */
export interface CreditLine {
  kind: "item" | "bundle";
  refId: number;
  name: string;
  points?: number;
  gross: number;
  net?: number;
  tax?: number;
}

export type CreditNoteRow = RowOf<typeof selectCreditNotes>;

/** The credit note as the API shows it (contract/refunds.ts). */
export function creditNoteView({ pointsWanted, lines, ...row }: CreditNoteRow) {
  return { ...row, lines: JSON.parse(lines) as CreditLine[], pointsSpent: Math.max(pointsWanted - row.pointsReclaimed, 0) };
}

// A refund's payment is joined by its key (every refund has one): a list's count leaves it out.
const selectCreditNotes = (db: DB) =>
  db.selectFrom("refunds as r").leftJoin("payments as p", "p.referenceId", "r.referenceId").select(CREDIT_NOTE_COLUMNS);

/**
 * search-credit-note as a list (db/list.ts): the reader's own refunds, or (those who read every payment)
 * every refund, one user's or one payment's; newest first by id, through refunds_user or refunds_payment
 * (both keep refundId order).
 */
export function creditNoteList(
  db: DB,
  reader: PaymentReader,
  filter: { referenceId?: string | undefined; userId?: number | undefined },
): { query: AnySelect } & Omit<ListOptions, "window"> {
  const userId = reader.scope === "own" ? reader.userId : filter.userId;
  let query = selectCreditNotes(db);
  if (userId !== undefined) query = query.where("r.userId", "=", userId);
  if (filter.referenceId !== undefined) query = query.where("r.referenceId", "=", filter.referenceId);
  return { query, order: [["r.refundId", "desc"]] };
}

/** Every credit note of a user, oldest first (their data export). */
export const creditNotesOf = (db: DB, userId: number) =>
  selectCreditNotes(db).where("r.userId", "=", userId).orderBy("r.refundId");

/** One credit note the reader may read, by its number: another user's is "not found". */
export async function readableCreditNote(db: DB, reader: PaymentReader, creditNoteNumber: number): Promise<CreditNoteRow> {
  let query = selectCreditNotes(db).where("r.creditNoteNumber", "=", creditNoteNumber);
  if (reader.scope === "own") query = query.where("r.userId", "=", reader.userId);
  const found = await query.executeTakeFirst();
  if (!found) throw notFound("noSuchCreditNote");
  return found;
}

/** The refund of a payment a call just made, by its key. */
export async function creditNoteByKey(db: DB, refundKey: string): Promise<CreditNoteRow> {
  return selectCreditNotes(db).where("r.refundKey", "=", refundKey).executeTakeFirstOrThrow();
}

/** Each refunded payment's credit notes as the payments CSV writes them: "CN-3 200; CN-4 800". */
export async function creditNotesByPayment(db: DB): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("refunds")
    .select(["referenceId", sql<string>`group_concat('CN-' || creditNoteNumber || ' ' || amount, '; ')`.as("notes")])
    .where("creditNoteNumber", "is not", null)
    .groupBy("referenceId")
    .execute();
  return new Map(rows.map((row) => [row.referenceId, row.notes]));
}
