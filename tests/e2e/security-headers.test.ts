import { createHash } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newPage } from "./browser";

/**
 * The built SPA as the real `wrangler dev` serves it (HTML, scripts, styles, the fallback for deep
 * links) carries the security headers, and runs under its CSP without a single violation.
 */

function expectHeaders(res: Response, what: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const scripts = csp.match(/script-src ([^;]+)/)?.[1] ?? "";
  expect(scripts, `${what}: script-src`).toContain("'self'");
  expect(scripts, `${what}: no inline scripts`).not.toContain("'unsafe-inline'");
  expect(csp, `${what}: frame-ancestors`).toMatch(/frame-ancestors 'none'/);
  expect(res.headers.get("x-content-type-options"), `${what}: nosniff`).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), `${what}: referrer policy`).toBeTruthy();
  // Served over plain http locally: HSTS would be wrong here.
  expect(res.headers.get("strict-transport-security"), `${what}: no HSTS on http`).toBeNull();
}

describe("security headers on the served SPA", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("are on the HTML, a deep link, every script and style it loads, and public files", async () => {
    const html = await fetch(`${baseUrl()}/login`);
    expect(html.status).toBe(200);
    expectHeaders(html, "/login");
    const text = await html.text();
    // Every <script> has a src the CSP allows, but the boot script, which the CSP allows by its hash alone.
    const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    const allowed = html.headers
      .get("content-security-policy")!
      .match(/script-src ([^;]+)/)![1]!
      .split(" ");
    const inline = scripts.filter(([, attrs]) => !/\bsrc=/.test(attrs!));
    expect(inline.map(([, attrs]) => attrs!.trim())).toEqual(["data-boot"]);
    expect(allowed).toContain(`'sha256-${createHash("sha256").update(inline[0]![2]!, "utf8").digest("base64")}'`);
    for (const [, attrs, body] of scripts.filter(([, attrs]) => /\bsrc=/.test(attrs!)))
      expect(body!.trim(), `${attrs}: no inline body beside its src`).toBe("");
    const assets = [...text.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await fetch(`${baseUrl()}${asset}`);
      expect(res.status, asset).toBe(200);
      expectHeaders(res, asset);
      await res.body?.cancel();
    }
    const deep = await fetch(`${baseUrl()}/portal/user?page=2`);
    expectHeaders(deep, "a deep link");
    await deep.body?.cancel();
  });

  it("lets the app run under its CSP with no violation", async () => {
    const { page, errors, context } = await newPage(browser);
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/content security policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: /sign in/i }).waitFor();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
