/** Days as dashboard-stats counts them: UTC days, YYYY-MM-DD (the key of every roll-up row, migration 0190). */

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
