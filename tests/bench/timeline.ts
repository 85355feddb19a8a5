import type { Browser } from "playwright-core";
import { cookiesOf, painted, LOADING, type PaintRoute, type SessionCookies } from "./paint";

/** One line of a cold load's timeline: what happened, when it started and ended (ms since navigation start). */
export interface TimelineEvent {
  what: string;
  start: number;
  end: number;
}

interface PageEntries {
  resources: { name: string; start: number; requestStart: number; end: number; initiator: string }[];
  frames: { start: number; duration: number; blocking: number; scripts: { source: string; duration: number }[] }[];
  paints: { name: string; start: number }[];
  document: { responseEnd: number; domInteractive: number; domContentLoaded: number };
}

/**
 * In the page: what the browser recorded of the load (Resource Timing, long animation frames, paints).
 * Long animation frames are not in the performance timeline: a buffered observer hands them over.
 */
async function pageEntries(): Promise<PageEntries> {
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  type Frame = PerformanceEntry & {
    blockingDuration: number;
    scripts: { sourceURL: string; sourceFunctionName: string; invoker: string; duration: number }[];
  };
  return {
    resources: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({
      name: r.name.replace(location.origin, ""),
      start: r.startTime,
      requestStart: r.requestStart,
      end: r.responseEnd,
      initiator: r.initiatorType,
    })),
    frames: (
      await new Promise<Frame[]>((resolve) => {
        setTimeout(() => resolve([]), 200);
        new PerformanceObserver((list) => resolve(list.getEntries() as Frame[])).observe({
          type: "long-animation-frame",
          buffered: true,
        });
      })
    ).map((f) => ({
      start: f.startTime,
      duration: f.duration,
      blocking: f.blockingDuration,
      scripts: f.scripts.map((s) => ({
        source: `${s.invoker} ${s.sourceURL.replace(location.origin, "")} ${s.sourceFunctionName}`.trim(),
        duration: s.duration,
      })),
    })),
    paints: performance.getEntriesByType("paint").map((p) => ({ name: p.name, start: p.startTime })),
    document: {
      responseEnd: nav.responseEnd,
      domInteractive: nav.domInteractive,
      domContentLoaded: nav.domContentLoadedEventEnd,
    },
  };
}

/**
 * The timeline of one cold load of `route` (a fresh context, signed in as the route's user): the
 * document, each file and call (queued from `start`, asked at `requestStart`, answered at `end`), the
 * long animation frames with the scripts that ran in them, the browser's paints and the route's first
 * meaningful paint, in the order they began. `npm run bench:first-visit -- --trace /portal/item` prints it.
 */
export async function coldLoadTimeline(
  browser: Browser,
  baseUrl: string,
  route: PaintRoute,
  sessions: SessionCookies,
): Promise<TimelineEvent[]> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, locale: "en-US" });
  try {
    if (route.who) await context.addCookies(cookiesOf(baseUrl, sessions[route.who]));
    const page = await context.newPage();
    await page.goto(route.path, { waitUntil: "commit" });
    const spec = { heading: route.heading, data: route.data, loading: LOADING };
    const paint = (await (await page.waitForFunction(painted, spec, { polling: "raf", timeout: 15_000 })).jsonValue()) as number;
    const entries = await page.evaluate(pageEntries);
    const events: TimelineEvent[] = [
      { what: "document", start: 0, end: entries.document.responseEnd },
      { what: "document parsed (interactive)", start: entries.document.domInteractive, end: entries.document.domInteractive },
      { what: "DOMContentLoaded", start: entries.document.domContentLoaded, end: entries.document.domContentLoaded },
      ...entries.resources.map((r) => ({
        what: `${r.initiator} ${r.name} (asked at ${Math.round(r.requestStart)})`,
        start: r.start,
        end: r.end,
      })),
      ...entries.frames.map((f) => ({
        what: `long frame (blocking ${Math.round(f.blocking)} ms): ${f.scripts
          .filter((s) => s.duration >= 5)
          .map((s) => `${s.source} ${Math.round(s.duration)} ms`)
          .join("; ")}`,
        start: f.start,
        end: f.start + f.duration,
      })),
      ...entries.paints.map((p) => ({ what: p.name, start: p.start, end: p.start })),
      { what: "first meaningful paint (the bench's)", start: paint, end: paint },
    ];
    return events.sort((a, b) => a.start - b.start);
  } finally {
    await context.close();
  }
}

/** The timeline as aligned text lines: start, end, duration, what. */
export function formatTimeline(events: TimelineEvent[]): string {
  const ms = (n: number) => String(Math.round(n)).padStart(6);
  return [
    "  start    end   took  what",
    ...events.map((e) => `${ms(e.start)} ${ms(e.end)} ${ms(e.end - e.start)}  ${e.what}`),
  ].join("\n");
}
