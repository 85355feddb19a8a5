import autocannon from "autocannon";
import type { Figure } from "./sizes";
import { BENCH_SEARCH } from "./seed-bulk";

/** Signed-in calls measured against the hello-world Worker: `me`, the budgeted search, and every list call. */
const CALLS: Array<{ name: string; body: Record<string, unknown>; label?: string }> = [
  { name: "me", body: {} },
  { name: "searchuser", body: { search: BENCH_SEARCH }, label: `searchuser "${BENCH_SEARCH}"` },
  { name: "search-history", body: {} },
  { name: "search-history", body: { search: "chapter-4242" }, label: `search-history "chapter-4242"` },
  { name: "search-payment", body: {} },
  { name: "search-audit", body: {} },
  { name: "search-coupon", body: {} },
  { name: "searchitem", body: {} },
  { name: "searchbundle", body: {} },
  { name: "searchsite", body: {} },
  { name: "searchvendor", body: {} },
  { name: "dashboard-stats", body: {} },
];

const CONNECTIONS = 10;

async function measure(url: string, seconds: number, init: { method: string; headers?: Record<string, string>; body?: string }) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, ...init });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

/** Signs the admin in and returns the session cookie. */
export async function signIn(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (res.status !== 200 || !cookie) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  return cookie.split(";")[0]!;
}

/**
 * Requests per second of the hello-world Worker and of each call on the same workerd (autocannon, 10
 * connections, `seconds` each, after a short warm-up). Calls the route table lacks are skipped.
 */
export async function loadFigures(
  baseUrl: string,
  cookie: string,
  seconds: number,
): Promise<{ figures: Figure[]; notes: string[] }> {
  const notes: string[] = [];
  await measure(`${baseUrl}/hello`, 1, { method: "GET" });
  const hello = await measure(`${baseUrl}/hello`, seconds, { method: "GET" });
  const helloRps = hello.requests.average;
  await measure(`${baseUrl}/hello-d1`, 1, { method: "GET" });
  const floor = await measure(`${baseUrl}/hello-d1`, seconds, { method: "GET" });
  const floorRps = floor.requests.average;
  const figures: Figure[] = [
    { metric: "hello-world Worker", value: helloRps, unit: "req/s" },
    { metric: "hello-world + one D1 round trip (SELECT 1)", value: floorRps, unit: "req/s" },
    { metric: "hello-world + one D1 round trip: share of hello-world", value: (100 * floorRps) / helloRps, unit: "%" },
  ];
  notes.push(`hello-world: p50 ${hello.latency.p50} ms, p99 ${hello.latency.p99} ms`);
  notes.push(`hello-world + SELECT 1: p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms`);

  for (const call of CALLS) {
    const init = {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(call.body),
    };
    const probe = await fetch(`${baseUrl}/api/${call.name}`, init);
    const text = await probe.text();
    if (probe.status === 404 && text.includes("unknown_call")) {
      notes.push(`${call.name}: not in the route table, skipped`);
      continue;
    }
    if (probe.status !== 200) throw new Error(`${call.name}: ${probe.status} ${text.slice(0, 200)}`);
    await measure(`${baseUrl}/api/${call.name}`, 1, init);
    const result = await measure(`${baseUrl}/api/${call.name}`, seconds, init);
    const label = call.label ?? call.name;
    const share = (100 * result.requests.average) / helloRps;
    figures.push({ metric: `${label}`, value: result.requests.average, unit: "req/s" });
    figures.push({
      metric: `${label}: share of hello-world`,
      value: share,
      unit: "%",
      // DESIGN.md's budget names searchuser with a search term; the others are reported.
      budget: call.name === "searchuser" ? { limit: 25, kind: "min" } : undefined,
    });
    notes.push(
      `${label}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
        `${((100 * result.requests.average) / floorRps).toFixed(0)} % of the one-round-trip floor`,
    );
  }
  return { figures, notes };
}
