/**
 * Day series grouped for a chart: a year of days would be 365 hair-thin bars, so longer ranges are
 * grouped into weeks (90 days) or calendar months (365 days), as the other dashboards group them.
 */
export type BucketUnit = "day" | "week" | "month";

export function bucketed(days: string[], values: number[]): { unit: BucketUnit; starts: string[]; sums: number[] } {
  const unit: BucketUnit = days.length <= 31 ? "day" : days.length <= 120 ? "week" : "month";
  const starts: string[] = [];
  const sums: number[] = [];
  days.forEach((day, i) => {
    const opens = unit === "day" || i === 0 || (unit === "week" ? i % 7 === 0 : day.slice(0, 7) !== days[i - 1]!.slice(0, 7));
    if (opens) {
      starts.push(day);
      sums.push(0);
    }
    sums[sums.length - 1]! += values[i] ?? 0;
  });
  return { unit, starts, sums };
}

/** Change against the previous period in percent; null when there was nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  return previous === 0 ? null : ((current - previous) / Math.abs(previous)) * 100;
}
