import type { AppRoute } from "../../lib/feature";

/** Each wizard is open to those who may make what it makes (the call it ends with checks it again). */
export const WIZARDS = [
  ["checkout", "checkout", { action: "create", subject: "Payment" }],
  ["create-deal", "deal", { action: "manage", subject: "Coupon" }],
  ["property-listing", "listing", { action: "manage", subject: "Site" }],
] as const;

/**
 * One page module for the three: the route table is in /login's first load (decision 0002), and each
 * module of its own would add its loader and file names there.
 */
const page = () => import("./pages/WizardPage");

export const routes: AppRoute[] = WIZARDS.map(([slug, key, meta]) => ({
  path: `/wizard-examples/${slug}`,
  title: `wizards:${key}.title`,
  page,
  meta,
}));
