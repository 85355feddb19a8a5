import { sql, type RawBuilder } from "kysely";
import { scopeOf, type AppAbility } from "../../auth/ability";
import { ftsQuery, likeAnywhere, type DB } from "../../db";
import { SEARCH_SCAN, type AnySelect, type ListOptions } from "../../db/list";
import type { RowOf } from "../../db/rows";
import { forbidden, msg, notFound } from "../../errors";
import { PAYMENT_COLUMNS, paymentView } from "./lines";

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

/** What a search finds references by: 8 or more of a reference's first characters (the whole id too). */
const REFERENCE_PREFIX = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The WHERE of the payments this reader may read (null: every payment) for an export or one payment:
 * admins see every payment (optionally one user's), clients only their own whatever userId they send.
 * Lists page through `paymentList` instead, whose cost is bounded.
 */
export function paymentConditions(reader: PaymentReader, filter: PaymentFilter): RawBuilder<boolean> | null {
  const { scope } = reader;
  const conditions: RawBuilder<unknown>[] = [];
  if (scope === "own") conditions.push(sql`p.userId = ${reader.userId}`);
  else if (filter.userId) conditions.push(sql`p.userId = ${filter.userId}`);
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`);
  const search = filter.search.trim();
  if (search) {
    const byRef = namedBy(search);
    if (scope === "all") {
      const fts = ftsQuery(search);
      byRef.push(
        fts
          ? sql`p.userId IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${fts})`
          : sql`(u.userName LIKE ${likeAnywhere(search)} ESCAPE '\\' OR u.userEmail LIKE ${likeAnywhere(search)} ESCAPE '\\')`,
      );
    }
    // Nothing a client's short search could name: no payment matches.
    conditions.push(byRef.length ? sql`(${sql.join(byRef, sql` OR `)})` : sql`1 = 0`);
  }
  return conditions.length ? sql<boolean>`${sql.join(conditions, sql` AND `)}` : null;
}

/**
 * The buyer an invoice names: frozen into the payment at checkout (`buyerJson`), the account's own for
 * payments made before. `p` and `u` must be in scope.
 */
export const buyerColumns = [
  sql<string | null>`coalesce(json_extract(p.buyerJson, '$.name'), u.userName)`.as("userName"),
  sql<string | null>`coalesce(json_extract(p.buyerJson, '$.email'), u.userEmail)`.as("userEmail"),
];

/** Payments with their buyer's name and email, newest first. */
export function selectPayments(db: DB, where: RawBuilder<boolean> | null) {
  const query = selectPaymentView(db).orderBy("p.paymentId", "desc");
  return where ? query.where(where) : query;
}

/**
 * A payment's columns and its buyer's name and email, from `payments as p` or from the payments of
 * candidate ids (CROSS JOIN: SQLite starts from them). The buyer is joined by key: a count leaves it out.
 */
function selectPaymentView(db: DB, ids: AnySelect | null = null) {
  const payments = db.selectFrom("payments as p");
  const from = ids
    ? (db.selectFrom(ids.as("c")).crossJoin("payments as p").whereRef("p.paymentId", "=", "c.id") as unknown as typeof payments)
    : payments;
  // sellerJson: the seller an issued invoice keeps (its PDF and invoice-detail), never in a list's answer.
  return from
    .leftJoin("users as u", "u.userId", "p.userId")
    .select([...PAYMENT_COLUMNS.map((c) => `p.${c}` as const), "p.sellerJson", ...buyerColumns]);
}

/**
 * A buyer search looks at the payments (at most BUYER_PAYMENTS) of the BUYER_SCAN newest matching
 * buyers: each candidate costs an FTS row, an index row and a join here, so fewer than SEARCH_SCAN.
 */
const BUYER_SCAN = SEARCH_SCAN / 4;
const BUYER_PAYMENTS = SEARCH_SCAN / 2;

/** The invoice number a search names ("42" or "#42"), or null. */
const invoiceNumberOf = (search: string) => (/^#?\d+$/.test(search) ? Number(search.replace("#", "")) : null);

/** What a search names by itself: the references starting with it (a range of their index), the invoice it numbers. */
function namedBy(search: string): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  // References are base64url, whose characters all sort below "~": the range holds every one starting with the search.
  if (REFERENCE_PREFIX.test(search))
    conditions.push(sql<boolean>`(p.referenceId >= ${search} AND p.referenceId < ${`${search}~`})`);
  const invoice = invoiceNumberOf(search);
  if (invoice !== null) conditions.push(sql<boolean>`p.invoiceNumber = ${invoice}`);
  return conditions;
}

/**
 * search-payment as a list (db/list.ts): newest payments first. Without a search, the filters walk
 * payments_user or payments_status and the unfiltered total is the 'payments' counter. A search finds
 * the payment its reference or invoice number names and, for those who read every payment, the
 * payments of the BUYER_SCAN newest buyers whose name or email matches (at most BUYER_PAYMENTS); a 1–2
 * character search checks the buyers of the BUYER_PAYMENTS newest payments.
 */
export function paymentList(
  db: DB,
  reader: PaymentReader,
  filter: PaymentFilter,
): { query: AnySelect } & Omit<ListOptions, "window"> {
  const ownerId = reader.scope === "own" ? reader.userId : (filter.userId ?? null);
  const filters = <Q extends AnySelect>(query: Q) => {
    let q = query;
    if (ownerId !== null) q = q.where(sql.ref("p.userId"), "=", ownerId) as Q;
    if (filter.status) q = q.where(sql.ref("p.status"), "=", filter.status) as Q;
    return q;
  };
  const newest = [[sql`p.paymentId`, "desc"]] as const;
  const search = filter.search.trim();
  if (!search) {
    const all = db.selectFrom("payments as p");
    return { query: filters(selectPaymentView(db)), order: newest, count: { exact: "payments", of: all } };
  }
  const named = namedBy(search);
  const namedIds = db
    .selectFrom("payments as p")
    .select("p.paymentId as id")
    .where(named.length ? sql<boolean>`(${sql.join(named, sql` OR `)})` : sql<boolean>`0`);
  // Only those who read every payment find payments by their buyer.
  if (reader.scope !== "all") {
    return { query: filters(selectPaymentView(db, namedIds)), order: newest };
  }
  const fts = ftsQuery(search);
  const like = fts === null ? likeAnywhere(search) : null;
  const buyers = db
    .selectFrom("users_fts")
    .select(sql<number>`rowid`.as("userId"))
    .where(sql<boolean>`users_fts MATCH ${fts ?? ""}`)
    .orderBy(sql`rowid`, "desc")
    .limit(BUYER_SCAN);
  const scanned =
    fts !== null
      ? db
          .selectFrom(buyers.as("b"))
          .crossJoin("payments as p")
          .whereRef("p.userId", "=", "b.userId")
          .select("p.paymentId as id")
          .limit(BUYER_PAYMENTS)
      : db.selectFrom("payments as p").select("p.paymentId as id").orderBy("p.paymentId", "desc").limit(BUYER_PAYMENTS);
  const candidates = db.selectFrom(scanned.as("s")).selectAll().union(namedIds);
  let query = filters(selectPaymentView(db, candidates));
  if (like !== null) {
    const buyer = sql<boolean>`(u.userName LIKE ${like} ESCAPE '\\' OR u.userEmail LIKE ${like} ESCAPE '\\')`;
    query = query.where(named.length ? sql<boolean>`(${sql.join([...named, buyer], sql` OR `)})` : buyer);
  }
  return { query, order: newest, count: { scanned, scan: BUYER_PAYMENTS } };
}

export type PaymentWithUser = RowOf<typeof selectPayments>;

export function paymentWithUser(p: Omit<PaymentWithUser, "sellerJson">) {
  return { ...paymentView(p), userName: p.userName ?? "", userEmail: p.userEmail ?? "" };
}

/**
 * One payment the caller may read: their own, or any for admins. Another user's payment is "not
 * found", so its existence is not revealed.
 */
export async function readablePayment(db: DB, reader: PaymentReader, referenceId: string): Promise<PaymentWithUser> {
  const found = await selectPayments(db, paymentConditions(reader, { search: "" }))
    .where("p.referenceId", "=", referenceId)
    .executeTakeFirst();
  if (!found) throw notFound("noSuchPayment");
  return found;
}
