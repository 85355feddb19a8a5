import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combined, hammer, measure, measurePaired } from "../bench/load";

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

describe("paired measurement", () => {
  it("alternates the call and its baseline in slices and measures each", async () => {
    const paths: string[] = [];
    const paired = createServer((req, res) => {
      paths.push(req.url ?? "");
      // The call takes 20 ms a request, the baseline answers at once.
      setTimeout(() => res.end("ok"), req.url === "/call" ? 20 : 0);
    });
    await new Promise<void>((resolve) => paired.listen(0, "127.0.0.1", resolve));
    const pairedUrl = `http://127.0.0.1:${(paired.address() as AddressInfo).port}`;
    try {
      const result = await measurePaired(pairedUrl, { path: "/call" }, { path: "/base" }, 2);
      expect(result.target.reqPerSec).toBeGreaterThan(0);
      expect(result.baseline.reqPerSec).toBeGreaterThan(result.target.reqPerSec);
      // Warm-up (call), then base, call, base, call: four changes of path at least.
      const changes = paths.filter((path, i) => i > 0 && path !== paths[i - 1]).length;
      expect(changes).toBeGreaterThanOrEqual(4);
    } finally {
      paired.closeAllConnections();
      await new Promise<void>((resolve) => paired.close(() => resolve()));
    }
  }, 30_000);

  it("combines slices: mean req/s, worst p99", () => {
    expect(
      combined([
        { reqPerSec: 100, p99Ms: 10 },
        { reqPerSec: 300, p99Ms: 40 },
      ]),
    ).toEqual({ reqPerSec: 200, p99Ms: 40 });
  });
});
