import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/dashboard.ts are for (the permission matrix compares it with their access).
 * Dashboards (business figures for whoever reads all payments; own figures for everyone else).
 */
export const access: Record<string, Audience> = {
  "dashboard-stats": "client+admin",
};
