import { buildAbility } from "../../auth/ability";
import { base64url, hmacSha256, randomToken, sha256Hex } from "../../auth/crypto";
import { roleRules } from "../../auth/session";
import { CALENDAR_KINDS, type CalendarKind } from "../../contract/calendar";
import type { DB } from "../../db";
import { HttpError } from "../../errors";
import type { Language } from "../../errors/language";
import { renderSuccess, type Success } from "../../messages";
import { askPdfWorker } from "../pdf-worker/client";
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

/**
 * What the PDF Worker writes as the feed's iCalendar (RFC 5545) text (pdf/src/icalendar.ts, with ical.js): each
 * event's uid, start, summary in the owner's language, kind and link.
 */
export function icalendarRequestOf(
  rows: CalendarRow[],
  viewerId: number,
  at: { origin: string; siteName: string; language: Language; now: Date },
) {
  const host = new URL(at.origin).hostname;
  return {
    siteName: at.siteName,
    stamp: at.now.toISOString(),
    events: rows.map((row) => {
      const event = calendarEvent(row, viewerId);
      const summary = { key: SUMMARIES[row.kind], params: { title: event.title } } as Success;
      return {
        uid: `${row.kind}-${row.ref}@${host}`,
        // A coupon's last day is a whole day (a DATE); the others are moments (UTC DATE-TIME).
        start: event.start.length === 10 ? event.start : new Date(event.start).toISOString(),
        summary: renderSuccess(summary, at.language),
        category: row.kind,
        url: `${at.origin}${event.link}`,
      };
    }),
  };
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
  settings: { pepper: string; siteName: string; pdf: Fetcher },
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
  const request = icalendarRequestOf(rows, owner.userId, {
    origin: url.origin,
    siteName: settings.siteName,
    language: owner.mailLanguage,
    now,
  });
  let body: string;
  try {
    body = await (await askPdfWorker(settings.pdf, "/icalendar", JSON.stringify(request), "application/json")).text();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // Calendar apps retry a failed poll later; Retry-After tells them when.
    return new Response("The calendar is unavailable; try again later.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "300" },
    });
  }
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
