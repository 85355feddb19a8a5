import autocannon, { type Request as LoadRequest } from "autocannon";
import { parseUsageHeader, type D1Usage } from "../../worker/src/db/usage";
import type { Body, CallCase } from "./calls";
import type { Throughput } from "./report";

/** autocannon's connections: enough to keep workerd busy on two shared cores. */
const CONNECTIONS = 10;
/** Seconds of load before each measurement (isolate warm, sessions remembered, SQLite pages cached). */
export const WARM_UP_SECONDS = 1;
/** Requests whose D1 usage is read after the warm-up; the worst of them is reported. */
const PROBES = 3;

/** Signs someone in and returns the session cookie and the answer (userData and rules). */
export async function signIn(baseUrl: string, who: { email: string; password: string }) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
  const text = await res.text();
  if (res.status !== 200 || !cookie) throw new Error(`sign-in of ${who.email} failed: ${res.status} ${text}`);
  return { cookie: cookie.split(";")[0]!, answer: JSON.parse(text) as { userData: unknown; userAbilityRules: unknown } };
}

export interface Target {
  path: string;
  headers?: Record<string, string>;
  /** Each request's body; GET without one. */
  next?: () => Body;
}

/** autocannon's `requests` for a target: a POST of each next body, or a GET. */
export function requestsOf(target: Target): LoadRequest[] {
  const { next } = target;
  if (!next) return [{ method: "GET", headers: target.headers }];
  return [
    {
      method: "POST",
      setupRequest: (request) => {
        const body = next();
        return {
          ...request,
          body: body.payload,
          headers: { ...request.headers, ...target.headers, "content-type": body.contentType },
        };
      },
    },
  ];
}

/**
 * Throughput and p99 latency of `seconds` of load; any error answer fails the measurement, and so does
 * a run without any answer unless `warmUp` (a first call that fills a cache may outlast the warm-up).
 */
export async function hammer(baseUrl: string, target: Target, seconds: number, warmUp = false): Promise<Throughput> {
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: requestsOf(target),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  if (result.requests.total === 0 && !warmUp) throw new Error(`no answer within ${seconds} s`);
  // Completed requests over the run's own duration (the per-second sample average misses a short run's tail).
  return { reqPerSec: result.requests.total / result.duration, p99Ms: result.latency.p99 };
}

/** Warm-up, then the measured run. */
export async function measure(baseUrl: string, target: Target, seconds: number): Promise<Throughput> {
  await hammer(baseUrl, target, WARM_UP_SECONDS, true);
  return hammer(baseUrl, target, seconds);
}

/** Length of one slice of a paired measurement. */
const SLICE_SECONDS = 1;

/**
 * A target and a baseline measured in alternating one-second slices, `seconds` of each after the
 * target's warm-up: load from elsewhere on a shared machine then weighs on both alike, so their ratio
 * holds where two runs a minute apart differ by half. Req/s over all slices; p99 the worst slice's.
 */
export async function measurePaired(
  baseUrl: string,
  target: Target,
  baseline: Target,
  seconds: number,
): Promise<{ target: Throughput; baseline: Throughput }> {
  await hammer(baseUrl, target, WARM_UP_SECONDS, true);
  const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS));
  const runs = { target: [] as Throughput[], baseline: [] as Throughput[] };
  for (let i = 0; i < slices; i++) {
    runs.baseline.push(await hammer(baseUrl, baseline, SLICE_SECONDS));
    runs.target.push(await hammer(baseUrl, target, SLICE_SECONDS));
  }
  return { target: combined(runs.target), baseline: combined(runs.baseline) };
}

/** Slices of equal length as one run. */
export function combined(slices: Throughput[]): Throughput {
  const reqPerSec = slices.reduce((sum, s) => sum + s.reqPerSec, 0) / slices.length;
  return { reqPerSec, p99Ms: Math.max(...slices.map((s) => s.p99Ms)) };
}

async function post(baseUrl: string, call: string, cookie: string, body: Body) {
  return fetch(`${baseUrl}/api/${call}`, {
    method: "POST",
    headers: { cookie, "content-type": body.contentType },
    body: body.payload,
  });
}

/** A call the route table lacks answers 404 unknown_call: the bench then skips it with a note. */
export async function isKnownCall(baseUrl: string, call: string, cookie: string): Promise<boolean> {
  const res = await post(baseUrl, call, cookie, { contentType: "application/json", payload: "{}" });
  const text = await res.text();
  return !(res.status === 404 && text.includes("unknown_call"));
}

/** The worst D1 usage of a few requests of a case, as the portal's meter reports it (Server-Timing). */
export async function probeUsage(baseUrl: string, c: CallCase, cookie: string): Promise<D1Usage> {
  const worst: D1Usage = { roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0 };
  for (let i = 0; i < PROBES; i++) {
    const res = await post(baseUrl, c.call, cookie, c.next());
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
    const usage = parseUsageHeader(res.headers.get("server-timing"));
    if (!usage) throw new Error("the answer carries no D1 usage (is D1_METER on?)");
    worst.roundTrips = Math.max(worst.roundTrips, usage.roundTrips);
    worst.statements = Math.max(worst.statements, usage.statements);
    worst.rowsRead = Math.max(worst.rowsRead, usage.rowsRead);
    worst.rowsWritten = Math.max(worst.rowsWritten, usage.rowsWritten);
  }
  return worst;
}

/** A case as autocannon's target: the call's path, the caller's cookie, the case's bodies. */
export const callTarget = (c: CallCase, cookie: string): Target => ({
  path: `/api/${c.call}`,
  headers: { cookie },
  next: c.next,
});
