import { chromium, type Browser } from "playwright-core";
import type { Who } from "./calls";
import type { FirstPaint } from "./report";

/**
 * A main route and what its first meaningful paint is: the page's heading (`heading`) and its first
 * data (`data`: a row, a card or a figure the first call fills) are visible, and no loading
 * indicator (LOADING) is left visible (a closed menu's spinner is not seen). `who` is
 * the session the route is opened with (none: signed out).
 */
export interface PaintRoute {
  path: string;
  /** The name in the report when the path holds an id. */
  label?: string;
  who: Who | null;
  heading: string;
  data: string;
}

/** Cold loads per route; the median is the figure (the budget's), every run is printed. */
const RUNS = 3;
const TIMEOUT_MS = 15_000;

const MAIN_HEADING = "main h1";
/**
 * Loading indicators: the spinners and dots of loading states, skeletons, busy regions. (The ring of
 * a queued job's status badge is data, not a loading state.)
 */
export const LOADING = '.loading-spinner, .loading-dots, .skeleton, [aria-busy="true"]';

/** The main routes of issue 15, each opened by the user it is for. */
export function paintRoutes(referenceId: string): PaintRoute[] {
  return [
    { path: "/login", who: null, heading: "h1", data: "form input[type=email]" },
    { path: "/dashboards/crm", who: "admin", heading: MAIN_HEADING, data: "main .card .stat-value, main .card" },
    { path: "/portal/dashboard", who: "client", heading: MAIN_HEADING, data: "main .card" },
    { path: "/access-control", who: "client", heading: MAIN_HEADING, data: "main .card" },
    { path: "/payment/payment", who: "client", heading: MAIN_HEADING, data: "main tbody tr, main li" },
    { path: "/portal/site", who: "client", heading: MAIN_HEADING, data: "main .card, main tbody tr" },
    { path: "/portal/coupon", who: "admin", heading: MAIN_HEADING, data: "main tbody tr" },
    { path: "/portal/bundle", who: "client", heading: MAIN_HEADING, data: "main .card, main tbody tr" },
    { path: "/portal/item", who: "client", heading: MAIN_HEADING, data: "main .card" },
    { path: "/portal/user", who: "admin", heading: MAIN_HEADING, data: "main tbody tr" },
    { path: "/portal/history", who: "admin", heading: MAIN_HEADING, data: "main tbody tr" },
    { path: `/payment/${referenceId}`, label: "/payment/:referenceId", who: null, heading: "h1", data: "main dl, main table" },
  ];
}

/**
 * In the page: the time since navigation start once the route has painted what it is for (see
 * PaintRoute), else false. Only anonymous functions inside: the bundler's name helpers do not exist
 * in the page.
 */
export function painted(spec: { heading: string; data: string; loading: string }): number | false {
  const [loading, heading, data] = [spec.loading, spec.heading, spec.data].map((selector) =>
    [...document.querySelectorAll(selector)].some((el) => el.getClientRects().length > 0),
  );
  return !loading && heading && data ? performance.now() : false;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** In the page: what keeps it from counting as painted (see `painted`; anonymous functions only, as there). */
function unpainted(spec: { heading: string; data: string; loading: string }): string {
  const [heading, data, loading] = [spec.heading, spec.data, spec.loading].map((selector) =>
    [...document.querySelectorAll(selector)]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => el.outerHTML.slice(0, 80)),
  ) as [string[], string[], string[]];
  const missing = [
    ...(heading.length ? [] : [`no ${spec.heading}`]),
    ...(data.length ? [] : [`no ${spec.data}`]),
    ...loading.map((html) => `loading: ${html}`),
  ];
  return missing.join("; ") || "painted late";
}

export type SessionCookies = Record<Who, { cookie: string; answer: { userData: unknown; userAbilityRules: unknown } }>;

/** The cookies a signed-in browser holds: the session and the two JSON cookies the app keeps (spec section 3). */
export function cookiesOf(baseUrl: string, session: SessionCookies[Who]) {
  const [name, value] = session.cookie.split("=", 2) as [string, string];
  const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  return [
    { name, value, url: baseUrl, httpOnly: true },
    { name: "userData", value: json(session.answer.userData), url: baseUrl },
    { name: "userAbilityRules", value: json(session.answer.userAbilityRules), url: baseUrl },
  ];
}

async function coldLoad(browser: Browser, baseUrl: string, route: PaintRoute, sessions: SessionCookies): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, locale: "en-US" });
  try {
    if (route.who) await context.addCookies(cookiesOf(baseUrl, sessions[route.who]));
    const page = await context.newPage();
    // Every API call of the load: the same call with the same body twice means a preload was missed.
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/"))
        asked.push(`${new URL(request.url()).pathname} ${request.postData()}`);
    });
    await page.goto(route.path, { waitUntil: "commit" });
    const spec = { heading: route.heading, data: route.data, loading: LOADING };
    const at = await page.waitForFunction(painted, spec, { polling: "raf", timeout: TIMEOUT_MS }).catch(async (error: Error) => {
      throw new Error(`${error.message.split("\n")[0]} (${await page.evaluate(unpainted, spec)})`);
    });
    const ms = (await at.jsonValue()) as number;
    const where = new URL(page.url()).pathname;
    if (where !== route.path) throw new Error(`ended on ${where}`);
    if (await page.locator(".alert-error").count()) throw new Error("the page shows an error");
    const twice = asked.find((call, i) => asked.indexOf(call) !== i);
    if (twice) throw new Error(`asked twice: ${twice}`);
    return ms;
  } finally {
    await context.close();
  }
}

/** Debian's headless Chromium (never a download), as every paint of the bench opens it. */
export const launchBenchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
  });

/**
 * First meaningful paint of every main route in headless Chromium (Debian's, never a download): a
 * fresh context per load (cold cache, signed in with cookies where the route needs it), timed from
 * navigation start in the page's own clock. A route that errs is reported, not hidden. `keep` picks
 * routes (npm run bench:first-visit -- --only).
 */
export async function firstPaints(
  baseUrl: string,
  sessions: SessionCookies,
  referenceId: string,
  keep: (route: PaintRoute) => boolean = () => true,
): Promise<FirstPaint[]> {
  const browser = await launchBenchBrowser();
  const results: FirstPaint[] = [];
  try {
    for (const route of paintRoutes(referenceId).filter(keep)) {
      const runs: number[] = [];
      try {
        for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, baseUrl, route, sessions));
        results.push({ route: route.label ?? route.path, ms: median(runs), runs });
      } catch (error) {
        results.push({ route: route.label ?? route.path, ms: 0, runs, error: (error as Error).message.split("\n")[0]! });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
