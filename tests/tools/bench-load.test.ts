import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hammer, measure } from "../bench/load";

/** A server that answers nothing for 1.5 s after its first request (a cache being filled), then at once. */
let server: Server;
let url = "";
beforeAll(async () => {
  let readyAt = 0;
  server = createServer((_req, res) => {
    readyAt ||= Date.now() + 1_500;
    setTimeout(() => res.end("ok"), Math.max(0, readyAt - Date.now()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the bench's load", () => {
  it("measures a call whose first answer outlasts the warm-up", async () => {
    const measured = await measure(url, { path: "/" }, 1);
    expect(measured.reqPerSec).toBeGreaterThan(0);
  }, 20_000);

  it("still fails a measured run without any answer", async () => {
    const slow = createServer((_req, res) => setTimeout(() => res.end("late"), 2_500));
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      await expect(hammer(slowUrl, { path: "/" }, 1)).rejects.toThrow("no answer within 1 s");
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  }, 20_000);
});

describe("CPU per request", () => {
  it("is the process's CPU over the run divided by its requests", async () => {
    // This test's own process serves the requests: a busy loop per request makes its CPU visible.
    const busy = createServer((_req, res) => {
      const until = performance.now() + 2;
      while (performance.now() < until);
      res.end("ok");
    });
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const busyUrl = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
    try {
      const measured = await hammer(busyUrl, { path: "/" }, 1, false, process.pid);
      expect(measured.reqPerSec).toBeGreaterThan(0);
      // About 2 ms of work per request, served in this process; autocannon's own share adds to it.
      expect(measured.processCpuMs).toBeGreaterThan(1);
      expect((await hammer(busyUrl, { path: "/" }, 1)).processCpuMs).toBe(0);
    } finally {
      busy.closeAllConnections();
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  }, 20_000);
});
