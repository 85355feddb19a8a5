import { sql, type RawBuilder } from "kysely";
import { scopeOf } from "../../auth/ability";
import { ftsQuery, likeAnywhere } from "../../db";
import { requireUser, type Ctx } from "../../http/context";
import { forbidden, notFound } from "../../errors";
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

/**
 * The WHERE of a payment list for this caller: admins see every payment (optionally one user's),
 * clients only their own whatever userId they send.
 */
export function paymentConditions(ctx: Ctx, filter: PaymentFilter): PaymentWhere {
  const user = requireUser(ctx);
  const scope = scopeOf(ctx.ability, "read", "Payment");
  if (scope === "none") throw forbidden("You are not allowed to read Payment.");
  const conditions: RawBuilder<unknown>[] = [];
  if (scope === "own") conditions.push(sql`p.userId = ${user.userId}`);
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
export function selectPayments(ctx: Ctx, filter: PaymentWhere) {
  const query = ctx.db
    .selectFrom("payments as p")
    .leftJoin("users as u", "u.userId", "p.userId")
    .select([...PAYMENT_COLUMNS.map((c) => `p.${c}` as const), "u.userName", "u.userEmail"])
    .orderBy("p.createdAt", "desc")
    .orderBy("p.paymentId", "desc");
  return filter.where ? query.where(filter.where) : query;
}

/** Counts the payments of a list; the buyer is joined only when the filter reads their name. */
export function countPayments(ctx: Ctx, filter: PaymentWhere) {
  const payments = ctx.db.selectFrom("payments as p");
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
export async function readablePayment(ctx: Ctx, referenceId: string): Promise<PaymentWithUser> {
  const found = (await selectPayments(ctx, paymentConditions(ctx, { search: "" }))
    .where("p.referenceId", "=", referenceId)
    .executeTakeFirst()) as PaymentWithUser | undefined;
  if (!found) throw notFound("No such payment.");
  return found;
}
