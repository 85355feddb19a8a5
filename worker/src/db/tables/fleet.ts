/** Jobs created per day that have finished, and the seconds they took in all (migration 0260). */
export interface DailyJobFinishTable {
  day: string;
  finished: number;
  seconds: number;
}

/** When each fleet alert last went out (migration 0260). */
export interface FleetAlertsTable {
  alertKey: string;
  alertedAt: string;
}

// The feature's tables join the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    daily_job_finish: DailyJobFinishTable;
    fleet_alerts: FleetAlertsTable;
  }
}
