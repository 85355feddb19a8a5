import { calendarCalls, CALENDAR_KINDS, CALENDAR_MAX_DAYS } from "../contract/calendar";
import { calendarEvent, calendarQuery, calendarScope, periodOfDays } from "../domain/calendar/events";
import { feedSecretOf, feedUrl } from "../domain/calendar/feed";
import { badRequest, forbidden } from "../errors";
import { requireUser } from "../http/context";
import { json } from "../http/respond";
import { route } from "../http/route";

const DAY_MS = 86_400_000;
/** The period of a search that names no end: 30 days on. */
const DEFAULT_DAYS = 30;

/** The calendar page (issue 42): what ends or expires in the period the view shows. */
const searchCalendar = route(calendarCalls["search-calendar"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const from = input.from ?? new Date().toISOString().slice(0, 10);
    const to = input.to ?? new Date(Date.parse(from) + DEFAULT_DAYS * DAY_MS).toISOString().slice(0, 10);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (days < 0 || days > CALENDAR_MAX_DAYS) throw badRequest("calendarPeriodInvalid", "invalid_period", "to");
    const scope = calendarScope(ctx.ability, user.userId, input, CALENDAR_KINDS);
    if (scope === "forbidden") throw forbidden("ownCalendarOnly");
    const query = calendarQuery(ctx.db, periodOfDays(from, to), scope);
    const rows = query ? (await query.execute(ctx.db)).rows : [];
    return json({ events: rows.map((row) => calendarEvent(row, user.userId)) });
  },
});

/** The caller's secret feed address; `rotate` replaces it (the old one answers 404 from then on). */
const calendarFeed = route(calendarCalls["calendar-feed"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const secret = await feedSecretOf(ctx.db, ctx.env.SESSION_PEPPER, user.userId, input.rotate);
    return json({ url: feedUrl(ctx.url.origin, secret) });
  },
});

export const routes = [searchCalendar, calendarFeed];
