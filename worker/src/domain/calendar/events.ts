import { sql, type Expression } from "kysely";
import { scopeOf, type AppAbility } from "../../auth/ability";
import type { CalendarKind } from "../../contract/calendar";
import type { DB } from "../../db";
import type { RowOf } from "../../db/rows";

/** The most events one read answers (the month view, or a feed's year): one bounded round trip. */
export const CALENDAR_MAX_EVENTS = 2000;

/** Which rows a caller's calendar reads: whose, and which kinds. */
export interface CalendarScope {
  viewerId: number;
  /** Only this user's subscriptions and payments; undefined: everyone's (those who read every payment). */
  ownerId: number | undefined;
  /** Coupons are nobody's: their last days are for those who read coupons, on a calendar not narrowed to one client. */
  coupons: boolean;
  kinds: ReadonlySet<CalendarKind>;
}

/**
 * The scope of a caller's calendar from their ability: their own subscriptions and payments, or with
 * `read Payment` on every row (staff) everyone's or the client `userId`'s; "forbidden" when a caller who
 * reads only their own asks for someone else's.
 */
export function calendarScope(
  ability: AppAbility,
  viewerId: number,
  filter: { userId?: number | undefined; kinds?: readonly CalendarKind[] | undefined },
  allKinds: readonly CalendarKind[],
): CalendarScope | "forbidden" {
  const everyone = scopeOf(ability, "read", "Payment") === "all";
  if (!everyone && filter.userId !== undefined && filter.userId !== viewerId) return "forbidden";
  const ownerId = everyone ? filter.userId : viewerId;
  return {
    viewerId,
    ownerId,
    coupons: ownerId === undefined && ability.can("read", "Coupon"),
    kinds: new Set(filter.kinds && filter.kinds.length > 0 ? filter.kinds : allKinds),
  };
}

/** The period [start, end) an event's moment falls in, and the same days as dates (coupons' last days). */
export interface CalendarPeriod {
  start: string;
  end: string;
  firstDay: string;
  lastDay: string;
}

/** The UTC days `firstDay` through `lastDay` (YYYY-MM-DD), as a period. */
export function periodOfDays(firstDay: string, lastDay: string): CalendarPeriod {
  const end = new Date(`${lastDay}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${firstDay}T00:00:00.000Z`, end: end.toISOString(), firstDay, lastDay };
}

/**
 * Each kind's rows in the period, as one arm of the union; each walks an index on its moment. Every arm
 * selects the same columns: `ref` is the row's id within its kind (a subscription's or coupon's id, a
 * payment's reference). Subscription ends walk subscriptions_ends, or subscriptions_user for one owner;
 * a subscription still to renew automatically (autoRenew, its renewal not taken) is a renewal instead,
 * walking subscriptions_renewal_due (migration 0310).
 */
function subscriptionMoments(db: DB, period: CalendarPeriod, ownerId: number | undefined, renewing: boolean) {
  const kind: CalendarKind = renewing ? "renewal" : "subscription-ends";
  const toRenew = sql<boolean>`(s.autoRenew = 1 AND s.renewalTaken = 0)`;
  let query = db
    .selectFrom("subscriptions as s")
    .innerJoin("items as i", "i.itemId", "s.itemId")
    .leftJoin("users as u", "u.userId", "s.userId")
    .select([
      sql<CalendarKind>`${kind}`.as("kind"),
      "i.itemName as title",
      "s.endsAt as start",
      sql<number | null>`s.userId`.as("userId"),
      sql<string | null>`u.userName`.as("userName"),
      sql<string>`CAST(s.subscriptionId AS TEXT)`.as("ref"),
    ])
    .where("s.endsAt", ">=", period.start)
    .where("s.endsAt", "<", period.end)
    .where(renewing ? toRenew : sql<boolean>`NOT ${toRenew}`);
  if (ownerId !== undefined) query = query.where("s.userId", "=", ownerId);
  return query;
}

/** Pending payments' expiries: payments_expiry, or payments_user_status for one owner. */
function paymentExpiries(db: DB, period: CalendarPeriod, ownerId: number | undefined) {
  let query = db
    .selectFrom("payments as p")
    .leftJoin("users as u", "u.userId", "p.userId")
    .select([
      sql<CalendarKind>`'payment-expires'`.as("kind"),
      // What the payment buys, by its first line's name (an item or a bundle).
      sql<string>`coalesce(json_extract(p.lines, '$[0].name'), p.referenceId)`.as("title"),
      "p.expiresAt as start",
      sql<number | null>`p.userId`.as("userId"),
      sql<string | null>`u.userName`.as("userName"),
      "p.referenceId as ref",
    ])
    .where("p.status", "=", "pending")
    .where("p.expiresAt", ">=", period.start)
    .where("p.expiresAt", "<", period.end);
  if (ownerId !== undefined) query = query.where("p.userId", "=", ownerId);
  return query;
}

/** Unused coupons' last days (a date, valid through its end): coupons_unused. */
function couponExpiries(db: DB, period: CalendarPeriod) {
  return db
    .selectFrom("coupons as c")
    .select([
      sql<CalendarKind>`'coupon-expires'`.as("kind"),
      "c.couponCode as title",
      "c.couponExpired as start",
      sql<number | null>`NULL`.as("userId"),
      sql<string | null>`NULL`.as("userName"),
      sql<string>`CAST(c.couponId AS TEXT)`.as("ref"),
    ])
    .where("c.couponUsed", "=", "N")
    .where("c.couponExpired", ">=", period.firstDay)
    .where("c.couponExpired", "<=", period.lastDay);
}

/** One row of the calendar's read, before it becomes an event. */
export type CalendarRow = RowOf<typeof couponExpiries>;

/** The arm of each kind the scope may read, or null. */
function sources(db: DB, period: CalendarPeriod, scope: CalendarScope) {
  const { ownerId } = scope;
  return {
    "subscription-ends": () => subscriptionMoments(db, period, ownerId, false),
    "payment-expires": () => paymentExpiries(db, period, ownerId),
    "coupon-expires": scope.coupons ? () => couponExpiries(db, period) : null,
    renewal: () => subscriptionMoments(db, period, ownerId, true),
  } satisfies Record<CalendarKind, (() => Expression<CalendarRow>) | null>;
}

/**
 * The caller's events in the period, earliest first, at most CALENDAR_MAX_EVENTS: one statement (the kinds'
 * SELECTs as one UNION ALL), or none when no kind is left.
 */
export function calendarQuery(db: DB, period: CalendarPeriod, scope: CalendarScope) {
  const selects: Expression<CalendarRow>[] = [];
  for (const [kind, source] of Object.entries(sources(db, period, scope))) {
    if (source !== null && scope.kinds.has(kind as CalendarKind)) selects.push(source());
  }
  if (selects.length === 0) return null;
  // Kysely puts an embedded SELECT in parentheses, which a compound SELECT's arm may not be: each arm reads
  // its SELECT as a subquery, which SQLite flattens (the indexes still serve).
  const arms = selects.map((select) => sql`SELECT * FROM ${select}`);
  return sql<CalendarRow>`${sql.join(arms, sql` UNION ALL `)} ORDER BY start LIMIT ${sql.lit(CALENDAR_MAX_EVENTS)}`;
}

/** The page of the app an event is about: one's own plan on the billing tab, someone else's on their user page. */
function linkOf(row: CalendarRow, viewerId: number): string {
  switch (row.kind) {
    case "payment-expires":
      return `/payment/${encodeURIComponent(row.ref)}`;
    case "coupon-expires":
      return "/portal/coupon";
    case "subscription-ends":
    case "renewal":
      return row.userId === viewerId ? "/pages/account-settings/billing" : `/apps/user/view/${row.userId}`;
  }
}

/** An event as search-calendar answers it; someone else's names whose it is. */
export function calendarEvent(row: CalendarRow, viewerId: number) {
  const whose = row.userId !== null && row.userId !== viewerId && row.userName ? ` · ${row.userName}` : "";
  return { kind: row.kind, title: `${row.title}${whose}`, start: row.start, link: linkOf(row, viewerId) };
}
