import * as z from "zod";
import { defineCalls } from "./call";
import * as f from "./fields";

/** What a calendar event is about (shared/API.md); `renewal` is an automatic renewal's date. */
export const CALENDAR_KINDS = ["subscription-ends", "payment-expires", "coupon-expires", "renewal"] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** The longest period one search-calendar reads, in days (a month view with its spill-over weeks fits). */
export const CALENDAR_MAX_DAYS = 92;

export const calendarEvent = z.strictObject({
  kind: z.enum(CALENDAR_KINDS),
  title: z.string(),
  start: z.string().meta({ description: "ISO 8601 UTC; a date alone (YYYY-MM-DD) for a whole day (a coupon's last day)." }),
  end: z.string().optional(),
  link: z.string().meta({ description: "The page of the app the event is about (a path)." }),
});

const kindList = z.preprocess(
  (v: unknown) => (typeof v === "string" ? v.split(",").filter((kind) => kind !== "") : v),
  z.array(z.enum(CALENDAR_KINDS)).max(CALENDAR_KINDS.length),
);

export const calendarCalls = defineCalls({
  "search-calendar": {
    summary: `What ends or expires from \`from\` to \`to\` (days, UTC, at most ${CALENDAR_MAX_DAYS} apart; by default today and 30 days on), earliest first, up to 2,000 events: the caller's own subscription ends and payment expiries; those who read every payment see everyone's (or one client's, \`userId\`), those who read coupons the coupons' last days. \`kinds\` keeps some kinds only.`,
    access: "signedIn",
    readsOnly: true,
    input: z.strictObject({
      from: f.blankIsAbsent(f.isoDate()),
      to: f.blankIsAbsent(f.isoDate()),
      kinds: f.blankIsAbsent(kindList),
      userId: f.blankIsAbsent(f.id()),
    }),
    answer: z.strictObject({ events: z.array(calendarEvent) }),
  },
  "calendar-feed": {
    summary:
      "The caller's secret iCalendar (RFC 5545) address, which calendar apps subscribe to (GET, no session); `rotate` makes a new one and the old address answers 404.",
    access: "signedIn",
    input: z.strictObject({ rotate: f.bool().optional().default(false) }),
    answer: z.strictObject({ url: z.string() }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Calendar: calendarCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { CalendarEvent: calendarEvent };
