import { sql, type RawBuilder } from "kysely";
import { scopeOf, type AppAbility } from "../../auth/ability";
import { ftsQuery, likeAnywhere, type DB } from "../../db";
import { counterName, counterTotal, scannedCount, scannedTotal, SEARCH_SCAN, totalOf, type ListTotal } from "../../db/counts";
import type { FoldedPart, Rows } from "../../db/folded";
import { NOTHING_REMEMBERED, rememberedSearch, searchMemory, type IdRows, type RememberedValues } from "../../db/search-totals";
import { statementTemplate } from "../../db/templates";
import { forbidden, msg, notFound } from "../../errors";
import { PAYMENT_COLUMNS, paymentView, type PaymentRow } from "./lines";

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
 * Lists page through `paymentListQueries` instead, whose cost is bounded.
 */
export function paymentConditions(reader: PaymentReader, filter: PaymentFilter): RawBuilder<boolean> | null {
  const { scope } = reader;
  const conditions: RawBuilder<unknown>[] = [];
  if (scope === "own") conditions.push(sql`p.userId = ${reader.userId}`);
  else if (filter.userId) conditions.push(sql`p.userId = ${filter.userId}`);
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`);
  const search = filter.search.trim();
  if (search) {
    const byRef = namedBy(namedValues(search));
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
  const query = db
    .selectFrom("payments as p")
    .leftJoin("users as u", "u.userId", "p.userId")
    .select([...PAYMENT_COLUMNS.map((c) => `p.${c}` as const), ...buyerColumns])
    .orderBy("p.createdAt", "desc")
    .orderBy("p.paymentId", "desc");
  return where ? query.where(where) : query;
}

/**
 * A buyer search looks at the payments (at most BUYER_PAYMENTS) of the BUYER_SCAN newest matching
 * buyers: each candidate costs an FTS row, an index row and a join here, so fewer than SEARCH_SCAN.
 */
const BUYER_SCAN = SEARCH_SCAN / 4;
const BUYER_PAYMENTS = SEARCH_SCAN / 2;

/** What a search names by itself: the references starting with it (a range), the invoice it numbers. */
interface NamedValues {
  refFrom: string | null;
  refTo: string | null;
  invoice: number | null;
}

/** The values of a list request its statement binds (db/templates.ts); null: not set. */
type PaymentListValues = NamedValues &
  RememberedValues & {
    counter: string | null;
    ownerId: number | null;
    status: string | null;
    fts: string | null;
    like: string | null;
    offset: number;
    limit: number;
  };

export interface PaymentListQueries {
  /** The page's rows, then the total's row. */
  parts: FoldedPart[];
  readTotal(total: Rows<unknown> | undefined, pageRows: readonly unknown[]): ListTotal;
}

/**
 * The page and total statements of search-payment (db/counts.ts says what each may cost). Without a
 * search: an index walk (payments_newest, payments_status, payments_user, payments_user_status) and a
 * counter. With one: the payment of that reference or invoice number, and (for those who read every
 * payment) the payments of the SEARCH_SCAN newest buyers whose name or email matches, at most
 * SEARCH_SCAN of them; a 1–2 character search checks the buyers of the SEARCH_SCAN newest payments.
 * Built once per shape and bound per request (db/templates.ts).
 */
export function paymentListQueries(
  db: DB,
  reader: PaymentReader,
  filter: PaymentFilter,
  window: { offset: number; limit: number },
): PaymentListQueries {
  const { values, shape, memory } = paymentListValues(reader, filter, window);
  return {
    parts: paymentList.parts(db, values, shape),
    readTotal: memory ? (total, pageRows) => memory.read(total, { rows: pageRows, id: "paymentId" }) : (total) => totalOf(total),
  };
}

/** A list request as its statement's values and shape, and the memory of its search when it has one. */
export function paymentListValues(reader: PaymentReader, filter: PaymentFilter, window: { offset: number; limit: number }) {
  const ownerId = reader.scope === "own" ? reader.userId : (filter.userId ?? null);
  const status = filter.status || null;
  const search = filter.search.trim();
  const base = { ownerId, status, offset: window.offset, limit: window.limit };
  if (!search) {
    const filters: Array<readonly [string, string | number]> = [];
    if (ownerId !== null) filters.push(["user", ownerId]);
    if (status) filters.push(["status", status]);
    const values: PaymentListValues = {
      ...base,
      counter: counterName("payments", ...filters),
      fts: null,
      like: null,
      refFrom: null,
      refTo: null,
      invoice: null,
      ...NOTHING_REMEMBERED,
    };
    return { values, shape: "list", memory: null };
  }
  // Only those who read every payment find payments by their buyer.
  const byBuyer = reader.scope === "all";
  const fts = byBuyer ? ftsQuery(search) : null;
  const like = byBuyer && !fts ? likeAnywhere(search) : null;
  const named = namedValues(search);
  // A buyer search alone depends on nothing but who matches, which payments they have and the payment it
  // names (reference, invoice number): its total and pages are remembered (db/search-totals.ts).
  const memory =
    fts !== null && ownerId === null && !status
      ? searchMemory(["users", "payments"], `search-payment\u0000${JSON.stringify([fts, named])}`, window)
      : null;
  const values: PaymentListValues = { ...base, counter: null, fts, like, ...named, ...(memory?.values ?? NOTHING_REMEMBERED) };
  return { values, shape: "search", memory };
}

/** search-payment's statement: its page, then its total. */
export const paymentList = statementTemplate<PaymentListValues>((db, v, shape) => {
  if (shape === "list") {
    const conds: RawBuilder<unknown>[] = [];
    if (v.ownerId !== null) conds.push(sql`p.userId = ${v.ownerId}`);
    if (v.status !== null) conds.push(sql`p.status = ${v.status}`);
    const page = selectPayments(db, conds.length ? sql<boolean>`${sql.join(conds, sql` AND `)}` : null);
    return [page.limit(v.limit).offset(v.offset), counterTotal(db, v.counter!)];
  }
  // Candidates carry what the filters look at (c.userId, c.status, c.at), read from covering indexes.
  const conds: RawBuilder<unknown>[] = [];
  if (v.ownerId !== null) conds.push(sql`c.userId = ${v.ownerId}`);
  if (v.status !== null) conds.push(sql`c.status = ${v.status}`);
  // The newest payments are candidates too: each must be the one named, or a matching buyer's.
  if (v.like !== null)
    conds.push(sql`(c.named OR u.userName LIKE ${v.like} ESCAPE '\\' OR u.userEmail LIKE ${v.like} ESCAPE '\\')`);
  const where = conds.length ? sql<boolean>`${sql.join(conds, sql` AND `)}` : null;
  // A payment is found twice only when the search names one (its reference, its invoice number) and
  // it is also a matching buyer's: only then are candidates made distinct.
  const named = namedBy(v).length > 0;
  const joinedOn = (match: string | RawBuilder<string> | null, walking: RawBuilder<boolean> = sql`1`) => {
    const candidates = db.selectFrom(candidatePayments(db, v, match, v.like !== null, walking).as("c"));
    return v.like !== null ? candidates.leftJoin("users as u", "u.userId", "c.userId") : candidates;
  };
  // The page's ids first, then the payments' columns for those rows alone.
  const idsOn = (match: string | RawBuilder<string> | null, walking?: RawBuilder<boolean>) => {
    const ids = joinedOn(match, walking).select("c.id");
    return (named ? ids.distinct() : ids)
      .$if(where !== null, (q) => q.where(where!))
      .orderBy(sql`c.at`, "desc")
      .orderBy("c.id", "desc")
      .limit(v.limit)
      .offset(v.offset);
  };
  const pageOf = (ids: IdRows) =>
    db
      .selectFrom(ids.as("pg"))
      .crossJoin("payments as p")
      .whereRef("p.paymentId", "=", "pg.id")
      .leftJoin("users as u", "u.userId", "p.userId")
      // paymentId: what a remembered page keeps of its rows (not part of the answer).
      .select([...PAYMENT_COLUMNS.map((c) => `p.${c}` as const), "p.paymentId", ...buyerColumns])
      .orderBy("p.createdAt", "desc")
      .orderBy("p.paymentId", "desc");
  const total =
    named || where !== null
      ? scannedTotal(db, joinedOn(v.fts).select(["c.id", sql<number>`${where ?? sql`1`}`.as("hit")]), BUYER_PAYMENTS)
      : scannedCount(db, joinedOn(v.fts).select("c.id"), BUYER_PAYMENTS);
  if (v.fts !== null && where === null) {
    return rememberedSearch(db, ["users", "payments"], v, { match: v.fts, walk: idsOn, fromIds: pageOf, total });
  }
  return [pageOf(idsOn(v.fts)), total];
});

/** The invoice number a search names ("42" or "#42"), or null. */
const invoiceNumberOf = (search: string) => (/^#?\d+$/.test(search) ? Number(search.replace("#", "")) : null);

function namedValues(search: string): NamedValues {
  const byReference = REFERENCE_PREFIX.test(search);
  // References are base64url, whose characters all sort below "~": the range holds every one starting with the search.
  return { refFrom: byReference ? search : null, refTo: byReference ? `${search}~` : null, invoice: invoiceNumberOf(search) };
}

/** What a search names by itself: references starting with it, the invoice it numbers. */
function namedBy(named: NamedValues): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (named.refFrom !== null)
    conditions.push(sql<boolean>`(p.referenceId >= ${named.refFrom} AND p.referenceId < ${named.refTo})`);
  if (named.invoice !== null) conditions.push(sql<boolean>`p.invoiceNumber = ${named.invoice}`);
  return conditions;
}

/**
 * The payments a search may show (id, at, status, userId, named): the one its reference or invoice
 * number names (only while `walking`: a remembered page has them already), and for buyer searches the
 * payments of the newest matching buyers or, for 1–2 characters, the BUYER_PAYMENTS newest payments
 * (db/counts.ts).
 */
function candidatePayments(
  db: DB,
  named: NamedValues,
  fts: string | RawBuilder<string> | null,
  newest: boolean,
  walking: RawBuilder<boolean>,
) {
  const columns = ["p.paymentId as id", "p.createdAt as at", "p.status", "p.userId"] as const;
  const conditions = namedBy(named);
  const namedRows = db
    .selectFrom("payments as p")
    .select([...columns, sql<number>`1`.as("named")])
    .where(conditions.length ? sql<boolean>`(${sql.join(conditions, sql` OR `)}) AND ${walking}` : sql<boolean>`1 = 0`);
  if (fts) {
    const buyers = db
      .selectFrom("users_fts")
      .select(sql<number>`rowid`.as("userId"))
      .where(sql<boolean>`users_fts MATCH ${fts}`)
      .orderBy(sql`rowid`, "desc")
      .limit(BUYER_SCAN);
    const theirs = db
      .selectFrom(buyers.as("b"))
      .crossJoin("payments as p")
      .whereRef("p.userId", "=", "b.userId")
      .select([...columns, sql<number>`0`.as("named")])
      .limit(BUYER_PAYMENTS);
    // A search that names no payment (most: a buyer's name or email) has no named branch to carry.
    return conditions.length ? namedRows.unionAll(db.selectFrom(theirs.as("t")).selectAll()) : theirs;
  }
  if (newest) {
    const recent = db
      .selectFrom("payments as p")
      .select([...columns, sql<number>`0`.as("named")])
      .orderBy("p.createdAt", "desc")
      .limit(BUYER_PAYMENTS);
    return conditions.length ? namedRows.unionAll(db.selectFrom(recent.as("r")).selectAll()) : recent;
  }
  return namedRows;
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
