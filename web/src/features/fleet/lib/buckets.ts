import type { Pipeline } from "../api";

export interface PipelineBucket {
  /** The bucket's first day (YYYY-MM-DD). */
  start: string;
  queued: number;
  done: number;
  failed: number;
  /** Mean minutes to finish over the bucket's finished jobs; null with none. */
  finishMinutes: number | null;
}

export type BucketUnit = "day" | "week" | "month";

/** Days for a week or a month, weeks for 90 days, months for a year: a chart of at most ~30 bars. */
export function unitOf(dayCount: number): BucketUnit {
  return dayCount > 120 ? "month" : dayCount > 31 ? "week" : "day";
}

/**
 * The pipeline's days grouped into buckets. A day's mean time to finish weighs as many jobs as it
 * finished (its done and failed), so a bucket's mean is the mean over all its finished jobs.
 */
export function bucketsOf(pipeline: Pick<Pipeline, "days" | "queued" | "done" | "failed" | "finishMinutes">) {
  const unit = unitOf(pipeline.days.length);
  const keyOf = (day: string, i: number) =>
    unit === "month" ? day.slice(0, 7) : unit === "week" ? String(Math.floor(i / 7)) : day;
  const buckets: Array<PipelineBucket & { key: string; weighted: number; finished: number }> = [];
  pipeline.days.forEach((day, i) => {
    const key = keyOf(day, i);
    let bucket = buckets.at(-1);
    if (!bucket || bucket.key !== key) {
      bucket = { key, start: day, queued: 0, done: 0, failed: 0, finishMinutes: null, weighted: 0, finished: 0 };
      buckets.push(bucket);
    }
    const done = pipeline.done[i] ?? 0;
    const failed = pipeline.failed[i] ?? 0;
    bucket.queued += pipeline.queued[i] ?? 0;
    bucket.done += done;
    bucket.failed += failed;
    const minutes = pipeline.finishMinutes[i];
    if (minutes !== null && minutes !== undefined && done + failed > 0) {
      bucket.weighted += minutes * (done + failed);
      bucket.finished += done + failed;
    }
  });
  return {
    unit,
    buckets: buckets.map(({ start, queued, done, failed, weighted, finished }) => ({
      start,
      queued,
      done,
      failed,
      finishMinutes: finished > 0 ? Math.round((weighted / finished) * 100) / 100 : null,
    })),
  };
}

/** The mean minutes to finish over every finished job of the period; null with none. */
export function meanFinishMinutes(pipeline: Pick<Pipeline, "done" | "failed" | "finishMinutes">): number | null {
  let weighted = 0;
  let finished = 0;
  pipeline.finishMinutes.forEach((minutes, i) => {
    const count = (pipeline.done[i] ?? 0) + (pipeline.failed[i] ?? 0);
    if (minutes === null || count === 0) return;
    weighted += minutes * count;
    finished += count;
  });
  return finished > 0 ? Math.round((weighted / finished) * 100) / 100 : null;
}
