import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/calendar.ts are for (the permission matrix compares it with their access).
 * The calendar: everyone signed in has one (their own events; staff everyone's).
 */
export const access: Record<string, Audience> = {
  "search-calendar": "signedIn",
  "calendar-feed": "signedIn",
};
