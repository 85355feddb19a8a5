import { appRoutes } from "../../web/src/app/registry";
import { mockApi, setCookie, signedInAs, userData } from "./shell-support";

/** Shared by the tests of prefetching (prefetch.test.tsx, route-preload.test.tsx): the whole app, a session, fixtures. */

export type Answers = Parameters<typeof mockApi>[0];

export const list = (data: unknown[]) => ({ body: { data, total: data.length, page: 1, limit: 10 } });

/** Signs a role in with these rules, and returns the `me` answer that keeps them. */
export function signedIn(role: "admin" | "client", rules: object[]): Answers {
  signedInAs(role);
  setCookie("userAbilityRules", rules);
  return { me: { body: { userData: userData(role), userAbilityRules: rules } } };
}

/** A route of the app's table (the very object the router and the prefetcher use). */
export const routeNamed = (name: string) => appRoutes.find((r) => r.name === name)!;

export const SITE = {
  siteId: 4,
  siteName: "Similarity Check",
  siteDesc: "Checks a document",
  sitePrice: 10,
  siteIsUse: true,
  siteImage: null,
};

export const COUPON = {
  couponId: 1,
  couponCode: "WELCOME-7K3M",
  couponQuota: 20,
  couponExpired: "2999-12-31",
  couponUsed: "N",
  couponUsedDate: null,
  couponUsedBy: null,
};
