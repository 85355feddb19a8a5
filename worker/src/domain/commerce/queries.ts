import { sql, type RawBuilder } from "kysely";
import { scopeOf, type AppAbility } from "../../auth/ability";
import { ftsQuery, likeAnywhere, type DB } from "../../db";
import { forbidden, msg, notFound } from "../../errors";
import { PAYMENT_COLUMNS, paymentView, type PaymentRow } from "./lines";

/** A payment list's WHERE (null: every payment) and whether it looks at the buyer's name. */
export interface PaymentWhere {
  where: RawBuilder<boolean> | null;
  readsBuyer: boolean;
}

export interface PaymentFilter {
  search: string;
  status?: string;
  userId?: number;
}

/** A caller reading payments: every payment ("all", admins) or only their own. */
export interface PaymentReader {
  userId: number;
  scope: "all" | "own";
}

/** The signed-in user `userId` as a reader of payments; 403 for those who may read none. */
export function paymentReader(ability: AppAbility, userId: number): PaymentReader {
  const scope = scopeOf(ability, "read", "Payment");
  if (scope === "none") throw forbidden(msg("notAllowed", { action: "read", subject: "Payment" }));
  return { userId, scope };
}

/** Confirming, cancelling, recording and changing payments touch everyone's money: only for those who update all. */
export function requireAllPayments(ability: AppAbility): void {
  if (scopeOf(ability, "update", "Payment") !== "all") throw forbidden("adminOnly");
}

/**
 * The WHERE of a payment list for this reader: admins see every payment (optionally one user's),
 * clients only their own whatever userId they send.
 */
export function paymentConditions(reader: PaymentReader, filter: PaymentFilter): PaymentWhere {
  const { scope } = reader;
  const conditions: RawBuilder<unknown>[] = [];
  if (scope === "own") conditions.push(sql`p.userId = ${reader.userId}`);
  else if (filter.userId) conditions.push(sql`p.userId = ${filter.userId}`);
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`);
  const search = filter.search.trim();
  let readsBuyer = false;
  if (search) {
    const byRef: RawBuilder<unknown>[] = [sql`p.referenceId = ${search}`];
    if (/^#?\d+$/.test(search)) byRef.push(sql`p.invoiceNumber = ${Number(search.replace("#", ""))}`);
    if (scope === "all") {
      const fts = ftsQuery(search);
      readsBuyer = fts === null;
      byRef.push(
        fts
          ? sql`p.userId IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${fts})`
          : sql`(u.userName LIKE ${likeAnywhere(search)} ESCAPE '\\' OR u.userEmail LIKE ${likeAnywhere(search)} ESCAPE '\\')`,
      );
    }
    conditions.push(sql`(${sql.join(byRef, sql` OR `)})`);
  }
  // No WHERE at all when nothing filters: SQLite then counts a table without visiting its rows.
  return { where: conditions.length ? sql<boolean>`${sql.join(conditions, sql` AND `)}` : null, readsBuyer };
}

/** Payments with their buyer's name and email, newest first. */
export function selectPayments(db: DB, filter: PaymentWhere) {
  const query = db
    .selectFrom("payments as p")
    .leftJoin("users as u", "u.userId", "p.userId")
    .select([...PAYMENT_COLUMNS.map((c) => `p.${c}` as const), "u.userName", "u.userEmail"])
    .orderBy("p.createdAt", "desc")
    .orderBy("p.paymentId", "desc");
  return filter.where ? query.where(filter.where) : query;
}

/** Counts the payments of a list; the buyer is joined only when the filter reads their name. */
export function countPayments(db: DB, filter: PaymentWhere) {
  const payments = db.selectFrom("payments as p");
  const from = filter.readsBuyer ? payments.leftJoin("users as u", "u.userId", "p.userId") : payments;
  const query = from.select((eb) => eb.fn.countAll<number>().as("n"));
  return filter.where ? query.where(filter.where) : query;
}

export type PaymentWithUser = PaymentRow & { userName: string | null; userEmail: string | null };

export function paymentWithUser(p: PaymentWithUser) {
  return { ...paymentView(p), userName: p.userName ?? "", userEmail: p.userEmail ?? "" };
}

/**
 * One payment the caller may read: their own, or any for admins. Another user's payment is "not
 * found", so its existence is not revealed.
 */
export async function readablePayment(db: DB, reader: PaymentReader, referenceId: string): Promise<PaymentWithUser> {
  const found = (await selectPayments(db, paymentConditions(reader, { search: "" }))
    .where("p.referenceId", "=", referenceId)
    .executeTakeFirst()) as PaymentWithUser | undefined;
  if (!found) throw notFound("noSuchPayment");
  return found;
}
