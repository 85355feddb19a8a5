import ICAL from "ical.js";
import { buildAbility } from "../../auth/ability";
import { base64url, hmacSha256, randomToken, sha256Hex } from "../../auth/crypto";
import { roleRules } from "../../auth/session";
import { CALENDAR_KINDS, type CalendarKind } from "../../contract/calendar";
import type { DB } from "../../db";
import type { Language } from "../../errors/language";
import { renderSuccess, type Success } from "../../messages";
import { calendarEvent, calendarQuery, calendarScope, periodOfDays, type CalendarRow } from "./events";

/** Where the feed lives: GET /api/calendar/<secret>.ics (worker/src/index.ts routes it before the calls). */
export const FEED_PATH = "/api/calendar/";

/** The feed's window: what a subscribed calendar app shows, bounded (decision 0016). */
const FEED_PAST_DAYS = 30;
const FEED_FUTURE_DAYS = 365;

/** Calendar apps poll every few hours at most; a refetch within this many seconds is answered by their cache. */
const FEED_MAX_AGE = 900;

/** A secret is 32 bytes of HMAC, base64url. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The secret of a user's feed address: HMAC(SESSION_PEPPER, userId and nonce). The table stores the nonce and
 * the secret's hash only, so the address can be shown again without being stored, and a database read alone
 * gives no address.
 */
async function feedSecret(pepper: string, userId: number, nonce: string): Promise<string> {
  return base64url(await hmacSha256(pepper, `calendar-feed:${userId}:${nonce}`));
}

/**
 * The user's feed secret: the current one, or a new one when there is none or `rotate` asks (the old
 * address then matches no row).
 */
export async function feedSecretOf(db: DB, pepper: string, userId: number, rotate: boolean): Promise<string> {
  const current = rotate
    ? undefined
    : await db.selectFrom("calendar_feeds").select("nonce").where("userId", "=", userId).executeTakeFirst();
  if (current) return feedSecret(pepper, userId, current.nonce);
  const nonce = randomToken(16);
  const secret = await feedSecret(pepper, userId, nonce);
  const secretHash = await sha256Hex(secret);
  await db
    .insertInto("calendar_feeds")
    .values({ userId, nonce, secretHash })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ nonce, secretHash, createdAt: new Date().toISOString() }))
    .execute();
  return secret;
}

export const feedUrl = (origin: string, secret: string) => `${origin}${FEED_PATH}${secret}.ics`;

const SUMMARIES: Record<CalendarKind, Success["key"]> = {
  "subscription-ends": "calendarSubscriptionEnds",
  "payment-expires": "calendarPaymentExpires",
  "coupon-expires": "calendarCouponExpires",
  renewal: "calendarRenewal",
};

const dayOffset = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The iCalendar (RFC 5545) text of events, built with ical.js's components and properties. */
export function icalendarOf(
  rows: CalendarRow[],
  viewerId: number,
  at: { origin: string; siteName: string; language: Language; now: Date },
) {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", `-//${at.siteName}//Calendar//EN`);
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  calendar.updatePropertyWithValue("method", "PUBLISH");
  calendar.updatePropertyWithValue("x-wr-calname", at.siteName);
  const stamp = ICAL.Time.fromJSDate(at.now, true);
  const host = new URL(at.origin).hostname;
  for (const row of rows) {
    const event = calendarEvent(row, viewerId);
    const vevent = new ICAL.Component("vevent");
    vevent.updatePropertyWithValue("uid", `${row.kind}-${row.ref}@${host}`);
    vevent.updatePropertyWithValue("dtstamp", stamp);
    // A coupon's last day is a whole day (a DATE); the others are moments (UTC DATE-TIME).
    const start =
      event.start.length === 10 ? ICAL.Time.fromDateString(event.start) : ICAL.Time.fromJSDate(new Date(event.start), true);
    vevent.updatePropertyWithValue("dtstart", start);
    const summary = { key: SUMMARIES[row.kind], params: { title: event.title } } as Success;
    vevent.updatePropertyWithValue("summary", renderSuccess(summary, at.language));
    vevent.updatePropertyWithValue("categories", row.kind);
    vevent.updatePropertyWithValue("url", `${at.origin}${event.link}`);
    vevent.updatePropertyWithValue("transp", "TRANSPARENT");
    calendar.addSubcomponent(vevent);
  }
  return calendar.toString();
}

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * GET /api/calendar/<secret>.ics: the owner's events from 30 days ago to a year ahead, as their own calendar
 * page would show them (their ability, read now), for calendar apps that hold the address instead of a session.
 * An unknown, rotated or closed account's address is a 404.
 */
export async function serveCalendarFeed(
  db: DB,
  d1: D1Database,
  settings: { pepper: string; siteName: string },
  url: URL,
): Promise<Response> {
  const file = url.pathname.slice(FEED_PATH.length);
  const secret = file.endsWith(".ics") ? file.slice(0, -4) : "";
  if (!SECRET_SHAPE.test(secret)) return notFound();
  const owner = await db
    .selectFrom("calendar_feeds as c")
    .innerJoin("users as u", "u.userId", "c.userId")
    .select(["u.userId", "u.userRole", "u.mailLanguage"])
    .where("c.secretHash", "=", await sha256Hex(secret))
    .where("u.deletedAt", "is", null)
    .where("u.userIsActive", "=", 1)
    .executeTakeFirst();
  if (!owner) return notFound();
  const ability = buildAbility(await roleRules(d1, owner.userRole, owner.userId));
  const scope = calendarScope(ability, owner.userId, {}, CALENDAR_KINDS);
  const now = new Date();
  const period = periodOfDays(dayOffset(now, -FEED_PAST_DAYS), dayOffset(now, FEED_FUTURE_DAYS));
  const query = scope === "forbidden" ? null : calendarQuery(db, period, scope);
  const rows = query ? (await query.execute(db)).rows : [];
  const body = icalendarOf(rows, owner.userId, {
    origin: url.origin,
    siteName: settings.siteName,
    language: owner.mailLanguage,
    now,
  });
  return new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="calendar.ics"',
      // Private: the address is the credential, so no shared cache keeps a copy.
      "cache-control": `private, max-age=${FEED_MAX_AGE}`,
      "x-robots-tag": "noindex",
    },
  });
}
