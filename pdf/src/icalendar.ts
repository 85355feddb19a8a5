import ICAL from "ical.js";
import { z } from "zod";

/**
 * A calendar feed's iCalendar (RFC 5545) text, written with ical.js's components and properties. The portal
 * chooses the events and writes their texts (worker/src/domain/calendar/feed.ts); ical.js lives here rather
 * than in the portal's bundle (23 kB gzipped of its 250 kB budget) because only the feed needs it.
 */
export const icalendarRequest = z.strictObject({
  siteName: z.string().max(200),
  /** The moment the feed was written (DTSTAMP of every event). */
  stamp: z.iso.datetime(),
  events: z
    .array(
      z.strictObject({
        uid: z.string().max(300),
        /** A whole day (YYYY-MM-DD, a DATE) or a moment (UTC DATE-TIME). */
        start: z.union([z.iso.date(), z.iso.datetime()]),
        summary: z.string().max(1000),
        category: z.string().max(100),
        url: z.url().max(2000),
      }),
    )
    .max(10_000),
});

export async function icalendarText(input: z.output<typeof icalendarRequest>): Promise<string> {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", `-//${input.siteName}//Calendar//EN`);
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  calendar.updatePropertyWithValue("method", "PUBLISH");
  calendar.updatePropertyWithValue("x-wr-calname", input.siteName);
  const stamp = ICAL.Time.fromJSDate(new Date(input.stamp), true);
  for (const event of input.events) {
    const vevent = new ICAL.Component("vevent");
    vevent.updatePropertyWithValue("uid", event.uid);
    vevent.updatePropertyWithValue("dtstamp", stamp);
    const start =
      event.start.length === 10 ? ICAL.Time.fromDateString(event.start) : ICAL.Time.fromJSDate(new Date(event.start), true);
    vevent.updatePropertyWithValue("dtstart", start);
    vevent.updatePropertyWithValue("summary", event.summary);
    vevent.updatePropertyWithValue("categories", event.category);
    vevent.updatePropertyWithValue("url", event.url);
    vevent.updatePropertyWithValue("transp", "TRANSPARENT");
    calendar.addSubcomponent(vevent);
  }
  return calendar.toString();
}
