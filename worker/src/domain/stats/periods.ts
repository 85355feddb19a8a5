/**
 * Periods as roll-up rows. period_stats (migration 0091) holds each figure by year ("YYYY"), month
 * ("YYYY-MM") and day ("YYYY-MM-DD"), so any run of days is a sum of a few rows: whole years, then
 * whole months, then single days. A year of days costs at most 11 + 11 month rows and 30 + 30 day
 * rows (per breakdown value) instead of 365.
 */

export type Grain = "y" | "m" | "d";

/** Consecutive roll-up rows of one grain: period keys `first`..`last`, both included. */
export interface Span {
  grain: Grain;
  first: string;
  last: string;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const pad4 = (year: number) => String(year).padStart(4, "0");

export const addDays = (day: string, days: number) => dayOf(dayMs(day) + days * DAY_MS);

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `count` consecutive days from `first` (YYYY-MM-DD), counted on the calendar's digits: a year of
 * days through Date and toISOString cost more than the rest of a cached dashboard-stats call.
 */
export function daysFrom(first: string, count: number): string[] {
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  let day = Number(first.slice(8, 10));
  let prefix = first.slice(0, 8);
  const days: string[] = [];
  for (let i = 0; i < count; i++) {
    days.push(prefix + two(day));
    const length = month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!;
    if (++day > length) {
      day = 1;
      if (++month > 12) {
        month = 1;
        year += 1;
      }
      prefix = `${pad4(year)}-${two(month)}-`;
    }
  }
  return days;
}

const firstOfNextYear = (day: string) => `${pad4(Number(day.slice(0, 4)) + 1)}-01-01`;

function firstOfNextMonth(day: string): string {
  const month = Number(day.slice(5, 7));
  return month === 12 ? firstOfNextYear(day) : `${day.slice(0, 4)}-${two(month + 1)}-01`;
}

/** The month before the one `day` falls in, as YYYY-MM. */
function monthBefore(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? `${pad4(year - 1)}-12` : `${day.slice(0, 4)}-${two(month - 1)}`;
}

/**
 * The days `from` ≤ day < `to` (YYYY-MM-DD) as the fewest whole years, months and days. Each step
 * takes a whole run of one grain (the days to the next month, the months to the next year), so a
 * call costs a handful of steps whatever the distance.
 */
export function spansOf(from: string, to: string): Span[] {
  const spans: Span[] = [];
  const take = (grain: Grain, first: string, last: string) => {
    const previous = spans[spans.length - 1];
    if (previous?.grain === grain) previous.last = last;
    else spans.push({ grain, first, last });
  };
  let day = from;
  while (day < to) {
    const nextMonth = firstOfNextMonth(day);
    if (day.endsWith("-01-01") && firstOfNextYear(day) <= to) {
      // Every whole year before `to`'s year in one step: "since then" runs to 9999 (8,000 years).
      const toYear = to.slice(0, 4);
      take("y", day.slice(0, 4), pad4(Number(toYear) - 1));
      day = `${toYear}-01-01`;
    } else if (day.endsWith("-01") && nextMonth <= to) {
      // Whole months, up to the next year's first day or `to`'s month, whichever comes first.
      const toMonth = `${to.slice(0, 7)}-01`;
      const end = firstOfNextYear(day) < toMonth ? firstOfNextYear(day) : toMonth;
      take("m", day.slice(0, 7), monthBefore(end));
      day = end;
    } else {
      const end = nextMonth < to ? nextMonth : to;
      take("d", day, addDays(end, -1));
      day = end;
    }
  }
  return spans;
}

/** Every day up to and with `day`: the years before its year, then the rest as `spansOf`. */
export function spansThrough(day: string): Span[] {
  const year = day.slice(0, 4);
  const before: Span = { grain: "y", first: "0000", last: pad4(Number(year) - 1) };
  const [next, ...rest] = spansOf(`${year}-01-01`, addDays(day, 1));
  // The last day of a year ends a whole year: one span of years.
  if (next?.grain === "y") return [{ ...before, last: next.last }, ...rest];
  return next ? [before, next, ...rest] : [before];
}

/**
 * The rows of a roll-up table that the spans cover, walked span by span: `from` is
 * `(VALUES …) AS sp CROSS JOIN <table> <alias>` and `on` ties each row to its span, so SQLite reads one
 * primary-key range per span (with an OR of ranges it read every row of the metric). `?` placeholders;
 * the binds are `from`'s, which comes first in a statement.
 */
export function spanRows(spans: Span[], table: string, alias: string): { from: string; on: string; binds: string[] } {
  // No span: one that matches no row (VALUES needs a row).
  const rows = spans.length ? spans : [{ grain: "-", first: "", last: "" }];
  return {
    from: `(VALUES ${rows.map(() => "(?, ?, ?)").join(", ")}) AS sp CROSS JOIN ${table} ${alias}`,
    on: `${alias}.grain = sp.column1 AND ${alias}.period BETWEEN sp.column2 AND sp.column3`,
    binds: rows.flatMap((r) => [r.grain, r.first, r.last]),
  };
}
