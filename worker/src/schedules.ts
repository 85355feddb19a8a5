/**
 * The cron triggers of wrangler.toml [triggers] (a tools test holds the two lists equal): every five
 * minutes, and once a day at a quiet hour. Apart from cron.ts so that Node scripts (the bench) can
 * name a schedule without the Worker's code.
 */
export const SCHEDULES = { frequent: "*/5 * * * *", daily: "30 3 * * *" } as const;
export type Schedule = (typeof SCHEDULES)[keyof typeof SCHEDULES];
