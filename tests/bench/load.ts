import autocannon, { type Request as LoadRequest } from "autocannon";
import { parseTraceHeader, parseUsageHeader, TRACE_HEADER, type D1Usage, type TracedStatement } from "../../worker/src/db/usage";
import { json, type Body, type CallCase } from "./calls";
import { cpuSeconds } from "./process-cpu";
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
 * Throughput, p99 latency and the CPU per request of the workerd process `pid` (none: 0) over `seconds`
 * of load; any error answer fails the measurement, and so does a run without any answer unless `warmUp`
 * (a first call that fills a cache may outlast the warm-up).
 */
export async function hammer(
  baseUrl: string,
  target: Target,
  seconds: number,
  warmUp = false,
  pid: number | null = null,
): Promise<Throughput> {
  const cpuBefore = pid === null ? 0 : cpuSeconds(pid);
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: requestsOf(target),
  });
  const cpu = pid === null ? 0 : cpuSeconds(pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  if (result.requests.total === 0 && !warmUp) throw new Error(`no answer within ${seconds} s`);
  return {
    // Completed requests over the run's own duration (the per-second sample average misses a short run's tail).
    reqPerSec: result.requests.total / result.duration,
    p99Ms: result.latency.p99,
    processCpuMs: result.requests.total > 0 ? (cpu * 1000) / result.requests.total : 0,
  };
}

/** Warm-up, then the measured run (with the CPU per request of workerd `pid`). */
export async function measure(baseUrl: string, target: Target, seconds: number, pid: number | null = null): Promise<Throughput> {
  await hammer(baseUrl, target, WARM_UP_SECONDS, true);
  return hammer(baseUrl, target, seconds, false, pid);
}

async function post(baseUrl: string, call: string, cookie: string, body: Body, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/${call}`, {
    method: "POST",
    headers: { ...headers, cookie, "content-type": body.contentType },
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

/** The statements one request of a read case ran (the meter's trace), to time D1's part of it. */
export async function probeStatements(baseUrl: string, c: CallCase, cookie: string): Promise<TracedStatement[]> {
  const res = await post(baseUrl, c.call, cookie, c.next(), { [TRACE_HEADER]: "1" });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
  const trace = res.headers.get(TRACE_HEADER);
  if (!trace) throw new Error("the answer carries no statements (is D1_METER on?)");
  return parseTraceHeader(trace);
}

/** A case as autocannon's target: the call's path, the caller's cookie, the case's bodies. */
export const callTarget = (c: CallCase, cookie: string): Target => ({
  path: `/api/${c.call}`,
  headers: { cookie },
  next: c.next,
});

/** Calls the portal as the signed-in `cookie`; fails on an error answer. */
async function call(baseUrl: string, cookie: string, name: string, body: object): Promise<Record<string, unknown>> {
  const res = await post(baseUrl, name, cookie, json(body));
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * What the full bench's calls leave behind and its paint routes need, on a small seed: a pending
 * payment (the payment page shows its bank details) and a line in the client's cart (the checkout
 * lists it).
 */
export async function payerState(baseUrl: string, cookie: string, bundleId: number) {
  const bought = await call(baseUrl, cookie, "checkout", { kind: "bundle", refId: bundleId });
  await call(baseUrl, cookie, "updatecart", { kind: "bundle", refId: bundleId, qty: 1 });
  return { referenceId: String(bought.referenceId) };
}
