import { addDays, daysFrom } from "../stats/periods";

/**
 * The job pipeline of the `range` UTC days ending today, from the daily roll-ups (daily_stats and
 * daily_job_finish, one row per day each): at most 2 × 365 rows read, whatever the size of history.
 * A day's figures are those of the jobs submitted that day: still queued, done, failed, and the mean
 * minutes to finish of those finished.
 */
export async function jobPipeline(d1: D1Database, range: number, now = new Date()) {
  const last = now.toISOString().slice(0, 10);
  const first = addDays(last, 1 - range);
  const days = daysFrom(first, range);
  const { results } = await d1
    .prepare(
      `SELECT s.day, s.jobsCreated AS jobs, s.jobsDone AS done, s.jobsFailed AS failed,
         coalesce(f.finished, 0) AS finished, coalesce(f.seconds, 0) AS seconds
       FROM daily_stats s LEFT JOIN daily_job_finish f ON f.day = s.day
       WHERE s.day >= ?1 AND s.day <= ?2`,
    )
    .bind(first, last)
    .all<{ day: string; jobs: number; done: number; failed: number; finished: number; seconds: number }>();
  const byDay = new Map(results.map((row) => [row.day, row]));
  const rows = days.map((day) => byDay.get(day));
  return {
    days,
    queued: rows.map((row) => (row ? row.jobs - row.done - row.failed : 0)),
    done: rows.map((row) => row?.done ?? 0),
    failed: rows.map((row) => row?.failed ?? 0),
    finishMinutes: rows.map((row) =>
      row && row.finished > 0 ? Math.round((row.seconds / row.finished / 60) * 100) / 100 : null,
    ),
  };
}
