import { api, type CallAnswer, type CallInput } from "../../lib/api";

/** The calendar's calls (issue 42), typed by the contract. */
export type CalendarEvent = CallAnswer<"search-calendar">["events"][number];
export type CalendarKind = CalendarEvent["kind"];
export type CalendarQuery = CallInput<"search-calendar">;

/** Every kind, in the sidebar's order. */
export const CALENDAR_KINDS: readonly CalendarKind[] = ["subscription-ends", "renewal", "payment-expires", "coupon-expires"];

export const searchCalendar = (query: CalendarQuery) => api("search-calendar", query);
export const calendarFeed = (rotate = false) => api("calendar-feed", rotate ? { rotate: true } : {});

export const FEED_KEY = "calendar-feed";

/** Clients to narrow staff's calendar to (the users list's search). */
export const searchClients = (search: string) =>
  api("searchuser", { search, selectedRole: "", selectedPlan: "", selectedStatus: "", limit: 20, page: 1 });
