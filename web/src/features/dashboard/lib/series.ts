/**
 * Shapes day-aligned series for charts: a year of days would be 365 hair-thin bars, so longer ranges
 * are grouped into weeks (90 days) or calendar months (365 days).
 */

export type BucketUnit = "day" | "week" | "month";

export interface Buckets {
  unit: BucketUnit;
  /** The first day (YYYY-MM-DD) of each bucket. */
  starts: string[];
  /** Which bucket each day falls into. */
  index: number[];
}

export function unitFor(dayCount: number): BucketUnit {
  if (dayCount <= 31) return "day";
  if (dayCount <= 120) return "week";
  return "month";
}

export function bucketsOf(days: string[]): Buckets {
  const unit = unitFor(days.length);
  const starts: string[] = [];
  const index: number[] = [];
  days.forEach((day, i) => {
    const isStart = i === 0 || unit === "day" || (unit === "week" ? i % 7 === 0 : day.slice(0, 7) !== days[i - 1]!.slice(0, 7));
    if (isStart) starts.push(day);
    index.push(starts.length - 1);
  });
  return { unit, starts, index };
}

/**
 * A day series grouped into the buckets: flows (money, counts) are summed, levels (a balance) keep
 * the bucket's last value.
 */
export function regroup(values: number[], buckets: Buckets, mode: "sum" | "last" = "sum"): number[] {
  const out = buckets.starts.map(() => 0);
  values.forEach((value, i) => {
    const b = buckets.index[i]!;
    out[b] = mode === "sum" ? out[b]! + value : value;
  });
  return out;
}

/** Change against the previous period in percent; null when there was nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}
