import { describe, expect, it } from "vitest";
import {
  formatPublicPages,
  lighthouseFiguresOf,
  medianRun,
  publicPages,
  publicPagesOver,
  type LighthouseRun,
  type PublicPagesReport,
} from "../bench/public-pages";

/** The first visit's figures in `npm run bench` (tests/bench/public-pages.ts): read, judged against budgets, printed. */

const run = (over: Partial<LighthouseRun> = {}): LighthouseRun => ({
  performance: 95,
  seo: 100,
  fcpMs: 900,
  lcpMs: 1800,
  tbtMs: 90,
  cls: 0.01,
  speedIndexMs: 1200,
  ...over,
});

function report(payment: LighthouseRun, invocations = 2): PublicPagesReport {
  const pages = publicPages("Abcdefghijklmnopqrstuvwx");
  return {
    load: [0.4, 0.6],
    lighthouse: pages.map((page) => {
      const median = page.label === "payment" ? payment : run();
      return { ...page, median, runs: [median, median, median] };
    }),
    invocations: [
      { path: "/login", requests: 9, worker: 1, workerPaths: ["/login"] },
      {
        path: "/payment/Abcdefghijklmnopqrstuvwx",
        requests: 11,
        worker: invocations,
        workerPaths: Array.from({ length: invocations }, (_, i) => `/x${i}`),
      },
    ],
  };
}

describe("the first visit's figures", () => {
  it("reads the scores and metrics of a Lighthouse report, and refuses a run that did not load the page", () => {
    const lhr = {
      categories: { performance: { score: 0.91 }, seo: { score: 1 } },
      audits: {
        "first-contentful-paint": { numericValue: 1000 },
        "largest-contentful-paint": { numericValue: 2100 },
        "total-blocking-time": { numericValue: 150 },
        "cumulative-layout-shift": { numericValue: 0.02 },
        "speed-index": { numericValue: 1500 },
      },
    };
    expect(lighthouseFiguresOf(lhr)).toEqual({
      performance: 91,
      seo: 100,
      fcpMs: 1000,
      lcpMs: 2100,
      tbtMs: 150,
      cls: 0.02,
      speedIndexMs: 1500,
    });
    expect(() => lighthouseFiguresOf({ ...lhr, runtimeError: { code: "NO_FCP", message: "The page did not paint" } })).toThrow(
      /NO_FCP/,
    );
  });

  it("takes the middle run by performance", () => {
    expect(medianRun([run({ performance: 97 }), run({ performance: 80 }), run({ performance: 91 })]).performance).toBe(91);
  });

  it("is within budget when every budgeted page is", () => {
    expect(publicPagesOver(report(run()))).toEqual([]);
  });

  it("names each figure over budget, and a page Lighthouse could not measure", () => {
    const over = publicPagesOver(report(run({ performance: 70, lcpMs: 3900, tbtMs: 600, cls: 0.418 }), 12));
    expect(over).toEqual([
      "Lighthouse payment: performance 70 < 90",
      "Lighthouse payment: LCP 3900 ms > 2500 ms",
      "Lighthouse payment: TBT 600 ms > 200 ms",
      "Lighthouse payment: CLS 0.418 > 0.05",
      expect.stringMatching(/^\/payment\/\w+: 12 Worker invocations > 3 \(\/x0, /),
    ]);
    const failed = report(run());
    failed.lighthouse[0] = { ...failed.lighthouse[0]!, median: null, runs: [], error: "Lighthouse: NO_FCP" };
    expect(publicPagesOver(failed)).toEqual(["Lighthouse landing: Lighthouse: NO_FCP"]);
  });

  it("holds the payment page to the performance budgets but not to SEO (a private link, noindex)", () => {
    expect(publicPagesOver(report(run({ seo: 60 })))).toEqual([]);
    const faqOff = report(run());
    const faq = faqOff.lighthouse.find((p) => p.label === "faq")!;
    faq.median = run({ performance: 40, seo: 80 });
    expect(publicPagesOver(faqOff)).toEqual(["Lighthouse faq: SEO 80 < 95"]);
  });

  it("prints one row per page and per cold load, without the payment's reference", () => {
    const text = formatPublicPages(report(run()));
    for (const label of ["landing", "pricing", "login", "payment", "faq", "help center"]) expect(text).toContain(`| ${label}`);
    expect(text).toContain("/payment/:referenceId");
    expect(text).not.toContain("Abcdefghijklmnopqrstuvwx");
    expect(text).toMatch(/load average while Lighthouse ran: 0\.4 → 0\.6/);
  });
});
