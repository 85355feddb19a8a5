import type { z } from "zod";
import { adminCalls } from "./admin";
import { accountCalls, authCalls } from "./auth";
import { bundleCalls } from "./bundles";
import type { AnswerOf, FileBody } from "./call";
import { commerceCalls, quotaCalls } from "./commerce";
import { couponCalls } from "./coupons";
import { dashboardCalls } from "./dashboard";
import { downloadCalls } from "./downloads";
import { historyCalls } from "./history";
import { itemCalls } from "./items";
import { settingsCalls } from "./settings";
import { siteCalls } from "./sites";
import { userCalls } from "./users";
import { vendorCalls } from "./vendors";

/**
 * The API contract: every call, keyed by its name. The Worker's routes implement these declarations,
 * the web app's `api()` is typed by them and docs/openapi.json is generated from them.
 */
export const calls = {
  ...settingsCalls,
  ...authCalls,
  ...accountCalls,
  ...userCalls,
  ...adminCalls,
  ...bundleCalls,
  ...itemCalls,
  ...siteCalls,
  ...vendorCalls,
  ...couponCalls,
  ...commerceCalls,
  ...quotaCalls,
  ...historyCalls,
  ...downloadCalls,
  ...dashboardCalls,
};

export type CallName = keyof typeof calls;

/** Per call: `input`, the body a client may send; `answer`, what a 200 carries. */
export type Calls = {
  [N in CallName]: { input: z.input<(typeof calls)[N]["input"]>; answer: AnswerOf<(typeof calls)[N]["answer"]> };
};

/** The calls that answer JSON (the others answer a file). */
export type JsonCallName = { [N in CallName]: Calls[N]["answer"] extends FileBody<unknown> ? never : N }[CallName];
/** The calls that answer a file. */
export type FileCallName = Exclude<CallName, JsonCallName>;

export type { FileBody } from "./call";
