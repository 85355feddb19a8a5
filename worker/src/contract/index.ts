import type { z } from "zod";
import { adminCalls } from "./admin";
import { accountCalls, authCalls } from "./auth";
import { bundleCalls } from "./bundles";
import type { AnswerOf, apiError, CallDecl, FileBody } from "./call";
import { commerceCalls, quotaCalls } from "./commerce";
import { couponCalls } from "./coupons";
import { dashboardCalls } from "./dashboard";
import { downloadCalls } from "./downloads";
import { historyCalls } from "./history";
import { itemCalls } from "./items";
import { myDataCalls } from "./my-data";
import { refundCalls } from "./refunds";
import { notificationCalls } from "./notifications";
import { passkeyCalls } from "./passkeys";
import { settingsCalls } from "./settings";
import { siteCalls } from "./sites";
import { userCalls } from "./users";
import { vendorCalls } from "./vendors";

/** The calls by theme (the OpenAPI document's tags). */
export const callGroups = {
  "Settings and front pages": settingsCalls,
  "Sign-in": authCalls,
  Account: accountCalls,
  Passkeys: passkeyCalls,
  "Account data": myDataCalls,
  Users: userCalls,
  "Back office": adminCalls,
  Bundles: bundleCalls,
  Items: itemCalls,
  Sites: siteCalls,
  "Vendor accounts": vendorCalls,
  Coupons: couponCalls,
  "Cart, payments and invoices": commerceCalls,
  "Refunds, credit notes and invoice PDFs": refundCalls,
  "Quota and subscriptions": quotaCalls,
  Jobs: historyCalls,
  Downloads: downloadCalls,
  Dashboards: dashboardCalls,
  Notifications: notificationCalls,
};

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** One object of every group's calls; a name declared in two groups is refused. */
function joinGroups<G extends Record<string, Record<string, CallDecl>>>(groups: G): UnionToIntersection<G[keyof G]> {
  const all: Record<string, CallDecl> = {};
  for (const group of Object.values(groups)) {
    for (const [name, decl] of Object.entries(group)) {
      if (Object.hasOwn(all, name)) throw new Error(`call ${name} is declared twice`);
      all[name] = decl;
    }
  }
  return all as UnionToIntersection<G[keyof G]>;
}

/**
 * The API contract: every call, keyed by its name. The Worker's routes implement these declarations,
 * the web app's `api()` is typed by them and docs/openapi.json is generated from them.
 */
export const calls = joinGroups(callGroups);

/** The same calls as a list, each seen as a plain declaration. */
export const callList: readonly CallDecl[] = Object.values(calls);

export type CallName = keyof typeof calls;

/** Per call: `input`, the body a client may send; `answer`, what a 200 carries. */
export type Calls = {
  [N in CallName]: { input: z.input<(typeof calls)[N]["input"]>; answer: AnswerOf<(typeof calls)[N]["answer"]> };
};

/** What a call answers with 200 (for a file call, the FileBody marker). */
export type Answer<N extends CallName> = Calls[N]["answer"];
/** One row of a list call's answer. */
export type ListRowOf<N extends CallName> = Answer<N> extends { data: (infer R)[] } ? R : never;

/** The calls that answer JSON (the others answer a file). */
export type JsonCallName = { [N in CallName]: Calls[N]["answer"] extends FileBody<unknown> ? never : N }[CallName];
/** The calls that answer a file. */
export type FileCallName = Exclude<CallName, JsonCallName>;

/** The error shape of every non-2xx answer: `{error, code, field?, reason?}`. */
export type ApiErrorAnswer = z.output<typeof apiError>;

export type { FileBody } from "./call";
