/**
 * The first visit's budgets (shared/DESIGN.md, issue 29), measured by `npm run bench` (run.ts): Lighthouse
 * 12.2.3 (mobile preset: slow 4G, CPU ×4, Debian's Chromium) on the public pages, median of 3; and how many
 * Worker invocations a cold load of /login and of a payment page makes (wrangler.toml run_worker_first: the
 * pages themselves and their calls, never their scripts, styles or images).
 */
import { execFile } from "node:child_process";
import os from "node:os";
import { chromium } from "playwright-core";
import { WORKER_TIMING } from "../../worker/src/http/headers";
import { bin } from "../../scripts/lib";
import { markdownTable } from "./report";

const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** A public page Lighthouse opens: `budgeted` pages carry the performance budgets, `indexed` ones the SEO budget. */
export interface PublicPage {
  label: string;
  path: string;
  budgeted: boolean;
  /** Meant to be found by search engines (payment pages are private links: noindex). */
  indexed: boolean;
}

export function publicPages(referenceId: string): PublicPage[] {
  return [
    { label: "landing", path: "/front-pages/landing-page", budgeted: true, indexed: true },
    { label: "pricing", path: "/front-pages/pricing", budgeted: true, indexed: true },
    { label: "login", path: "/login", budgeted: true, indexed: true },
    { label: "payment", path: `/payment/${referenceId}`, budgeted: true, indexed: false },
    { label: "faq", path: "/front-pages/faq", budgeted: false, indexed: true },
    { label: "help center", path: "/front-pages/help-center", budgeted: false, indexed: true },
  ];
}

/** One Lighthouse run's figures. */
export interface LighthouseRun {
  performance: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

export interface LighthouseResult extends PublicPage {
  /** The median run by performance score (as Lighthouse's own median picks one real run). */
  median: LighthouseRun | null;
  runs: LighthouseRun[];
  error?: string;
}

export interface Invocations {
  path: string;
  requests: number;
  /** Answers that ran the Worker (their Server-Timing names it), and which. */
  worker: number;
  workerPaths: string[];
}

export interface PublicPagesReport {
  /** The machine's load average (1 minute) when Lighthouse started and ended: a loaded machine slows CPU figures. */
  load: [number, number];
  lighthouse: LighthouseResult[];
  invocations: Invocations[];
}

/**
 * The budgets of DESIGN.md for the first visit (docs/decisions/0002-budgets.md). The invocation budget is
 * the page itself and its calls (a payment page: the page and payment-detail), never one per file.
 */
export const PUBLIC_BUDGETS = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05, seo: 95, invocations: 3 };

/** The part of Lighthouse's JSON report (LHR) the bench reads. */
export interface LighthouseJson {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { code: string; message: string };
}

/** One Lighthouse run (its default mobile preset: simulated slow 4G, CPU ×4) on `url`, as JSON on stdout. */
function lighthouseRun(url: string): Promise<LighthouseRun> {
  const args = [
    url,
    "--quiet",
    "--output=json",
    "--output-path=stdout",
    "--only-categories=performance,seo",
    // One argument: chrome-launcher splits the flags itself.
    "--chrome-flags=--headless=new --no-sandbox",
  ];
  return new Promise((resolve, reject) => {
    execFile(
      bin("lighthouse"),
      args,
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // Lighthouse says why on stderr (--quiet keeps only errors); the error alone names the command.
        const why = stderr.trim().split("\n").slice(-3).join(" ");
        if (error) return reject(new Error(`Lighthouse failed on ${url}: ${why || error.message}`));
        try {
          resolve(lighthouseFiguresOf(JSON.parse(stdout) as LighthouseJson));
        } catch (parseError) {
          reject(parseError as Error);
        }
      },
    );
  });
}

/** The figures the budgets read from a Lighthouse report (a run that failed to load the page has a runtimeError). */
export function lighthouseFiguresOf(lhr: LighthouseJson): LighthouseRun {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    speedIndexMs: audit("speed-index"),
  };
}

/** The median run by performance score (one real run, as Lighthouse's own median picks one). */
export const medianRun = (runs: LighthouseRun[]) =>
  [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;

/**
 * A run, and once more if Lighthouse itself failed (Chromium's trace of the load sometimes lacks its
 * navigation start on a busy machine: NO_NAVSTART); a second failure is the page's.
 */
async function lighthouseRunOrRetry(url: string): Promise<LighthouseRun> {
  try {
    return await lighthouseRun(url);
  } catch {
    return await lighthouseRun(url);
  }
}

/** Lighthouse on every public page, RUNS times each, one run at a time. */
export async function lighthouseFigures(baseUrl: string, pages: PublicPage[]): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const page of pages) {
    const runs: LighthouseRun[] = [];
    try {
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRunOrRetry(`${baseUrl}${page.path}`));
      results.push({ ...page, median: medianRun(runs), runs });
    } catch (error) {
      results.push({ ...page, median: null, runs, error: (error as Error).message.split("\n")[0]! });
    }
  }
  return results;
}

/** The requests of a cold, anonymous load of `path` (until the network is idle) and which of them ran the Worker. */
export async function workerInvocations(baseUrl: string, paths: string[]): Promise<Invocations[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const out: Invocations[] = [];
    for (const path of paths) {
      const context = await browser.newContext({ baseURL: baseUrl });
      const page = await context.newPage();
      const answers: { path: string; worker: boolean }[] = [];
      page.on("response", (response) => {
        const timing = response.headers()["server-timing"] ?? "";
        const worker = timing.split(",").some((entry) => entry.trim().split(";")[0] === WORKER_TIMING);
        answers.push({ path: new URL(response.url()).pathname, worker });
      });
      await page.goto(path, { waitUntil: "networkidle" });
      await context.close();
      const ran = answers.filter((a) => a.worker).map((a) => a.path);
      out.push({ path, requests: answers.length, worker: ran.length, workerPaths: ran });
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** Both measures of the first visit; the payment page is `referenceId`'s. */
export async function publicPageFigures(baseUrl: string, referenceId: string): Promise<PublicPagesReport> {
  const pages = publicPages(referenceId);
  const invocations = await workerInvocations(baseUrl, ["/login", pages.find((p) => p.label === "payment")!.path]);
  const loadBefore = os.loadavg()[0]!;
  const lighthouse = await lighthouseFigures(baseUrl, pages);
  return { load: [loadBefore, os.loadavg()[0]!], lighthouse, invocations };
}

/** What is over the first visit's budgets, one line each. */
export function publicPagesOver(report: PublicPagesReport): string[] {
  const over: string[] = [];
  for (const page of report.lighthouse) {
    if (!page.median) {
      over.push(`Lighthouse ${page.label}: ${page.error ?? "no run"}`);
      continue;
    }
    const m = page.median;
    const b = PUBLIC_BUDGETS;
    if (page.budgeted) {
      if (m.performance < b.performance) over.push(`Lighthouse ${page.label}: performance ${m.performance} < ${b.performance}`);
      if (m.lcpMs > b.lcpMs) over.push(`Lighthouse ${page.label}: LCP ${Math.round(m.lcpMs)} ms > ${b.lcpMs} ms`);
      if (m.tbtMs > b.tbtMs) over.push(`Lighthouse ${page.label}: TBT ${Math.round(m.tbtMs)} ms > ${b.tbtMs} ms`);
      if (m.cls > b.cls) over.push(`Lighthouse ${page.label}: CLS ${m.cls.toFixed(3)} > ${b.cls}`);
    }
    if (page.indexed && m.seo < b.seo) over.push(`Lighthouse ${page.label}: SEO ${m.seo} < ${b.seo}`);
  }
  for (const load of report.invocations) {
    if (load.worker > PUBLIC_BUDGETS.invocations)
      over.push(
        `${load.path}: ${load.worker} Worker invocations > ${PUBLIC_BUDGETS.invocations} (${load.workerPaths.join(", ")})`,
      );
  }
  return over;
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** The first visit's tables, for the bench's printout. */
export function formatPublicPages(report: PublicPagesReport): string {
  const rows = report.lighthouse.map((page) => {
    const m = page.median;
    if (!m) return [page.label, page.error ?? "—", "", "", "", "", "", ""];
    return [
      page.label,
      String(m.performance),
      ms(m.fcpMs),
      ms(m.lcpMs),
      ms(m.tbtMs),
      m.cls.toFixed(3),
      ms(m.speedIndexMs),
      `${m.seo}${page.indexed ? "" : " (noindex)"}`,
    ];
  });
  const lighthouse = markdownTable(
    ["page (Lighthouse 12.2.3, mobile, median of 3)", "perf", "FCP", "LCP", "TBT", "CLS", "SI", "SEO"],
    rows,
    [false, true, true, true, true, true, true, true],
  );
  const invocations = markdownTable(
    ["cold load (anonymous)", "requests", "Worker invocations", "which"],
    report.invocations.map((i) => [
      i.path.replace(/\/payment\/.+/, "/payment/:referenceId"),
      String(i.requests),
      String(i.worker),
      i.workerPaths.join(" "),
    ]),
    [false, true, true, false],
  );
  const load = `load average while Lighthouse ran: ${report.load[0].toFixed(1)} → ${report.load[1].toFixed(1)} (${os.cpus().length} cores)`;
  return `\n${lighthouse}\n${load}\n\n${invocations}`;
}
