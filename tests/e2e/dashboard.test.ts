import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, baseUrl, CLIENT, launch, signIn } from "./browser";
import { seriousViolations } from "./axe";

/**
 * The dashboards in Chromium against the seeded demo data (60 days of payments, jobs and points):
 * charts drawn in light and dark, right-to-left in Arabic, no serious axe violation; screenshots land
 * in tests/e2e/screenshots/ (git-ignored).
 */

const SHOTS = path.join(import.meta.dirname, "screenshots");
const DEMO_CLIENT_1 = { email: "client1@example.com", password: CLIENT.password };

async function contextWith(browser: Browser, cookies: Record<string, string>): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    bypassCSP: true,
    locale: "en-US",
    viewport: { width: 1280, height: 900 },
  });
  const url = new URL(baseUrl());
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({
      name,
      value: encodeURIComponent(JSON.stringify(value)),
      domain: url.hostname,
      path: "/",
    })),
  );
  return context;
}

/** Charts on the page: their drawn bars/points and the colour the theme gave them. */
async function charts(page: Page) {
  await page.locator('svg[role="img"] rect, svg[role="img"] polyline').first().waitFor({ timeout: 15_000 });
  return page.evaluate(() =>
    [...document.querySelectorAll('svg[role="img"]')].map((svg) => {
      const mark = svg.querySelector("rect, polyline");
      const style = mark ? getComputedStyle(mark) : null;
      const label = svg.querySelector("text");
      return {
        title: svg.querySelector("title")?.textContent ?? "",
        marks: svg.querySelectorAll("rect, circle").length + svg.querySelectorAll("polyline").length,
        paint: style ? (mark!.tagName === "rect" ? style.fill : style.stroke) : "",
        labelColour: label ? getComputedStyle(label).fill : "",
        labelAnchor: label?.getAttribute("text-anchor") ?? "",
      };
    }),
  );
}

describe("dashboards in a real browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("draws the admin dashboard's charts from the seeded data in light and dark", async () => {
    const colours: Record<string, { paint: string; label: string; primary: string }> = {};
    for (const theme of ["light", "dark"]) {
      const context = await contextWith(browser, { theme });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(String(err)));
      await signIn(page, ADMIN, { home: "/dashboards/crm" });
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await page.getByRole("heading", { name: "Business overview" }).waitFor();
      const drawn = await charts(page);
      expect(drawn.map((c) => c.title)).toEqual(
        expect.arrayContaining(["Revenue", "Points sold and spent", "New users", "Jobs by status"]),
      );
      for (const chart of drawn) expect(chart.marks, chart.title).toBeGreaterThan(0);
      // Seeded payments exist, so no first-steps checklist; the revenue KPI is not zero.
      expect(await page.getByText("Welcome! Set up the shop first").count()).toBe(0);
      const revenue = await page.locator('[data-kpi="Revenue"] p').first().textContent();
      expect(revenue).toMatch(/^\$[1-9]/);
      // Every chart has its figures as a table too.
      const tables = await page.locator("details table").count();
      expect(tables).toBeGreaterThanOrEqual(drawn.length);
      // The theme's primary token itself (text-primary uses the darker, readable "ink" variant).
      const primary = await page.evaluate(() => {
        const probe = document.createElement("span");
        probe.className = "bg-primary";
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      });
      colours[theme] = { paint: drawn[0]!.paint, label: drawn[0]!.labelColour, primary };
      expect(await seriousViolations(page, "main")).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `dashboard-crm-${theme}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
    // The theme's tokens colour the charts: axis text follows base-content, bars follow primary.
    expect(colours.light!.label).not.toBe(colours.dark!.label);
    expect(colours.light!.paint).toBe(colours.light!.primary);
  });

  it("reads right-to-left in Arabic: time runs from the right, axis labels on the right", async () => {
    const context = await contextWith(browser, { theme: "light", language: "ar", direction: "rtl" });
    const page = await context.newPage();
    await signIn(page, ADMIN, { home: "/dashboards/crm" });
    await page.getByRole("heading", { name: "نظرة عامة على النشاط" }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(["rtl", "ar"]);
    const drawn = await charts(page);
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    expect(drawn.every((c) => c.labelAnchor === "start")).toBe(true);
    // In the revenue chart the newest day is drawn to the left of the oldest.
    const order = await page.evaluate(() => {
      const svg = [...document.querySelectorAll('svg[role="img"]')].find(
        (s) => s.querySelector("title")?.textContent === "الإيرادات",
      )!;
      const xs = [...svg.querySelectorAll("text[text-anchor='middle']")].map((t) => Number(t.getAttribute("x")));
      return { first: xs[0]!, last: xs[xs.length - 1]! };
    });
    expect(order.first).toBeGreaterThan(order.last);
    expect(await seriousViolations(page, "main")).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "dashboard-crm-rtl.png"), fullPage: true });
    await page.goto("/dashboards/analytics?range=90");
    await page.getByRole("heading", { name: "حركة المنتج" }).waitFor();
    expect((await charts(page)).length).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: path.join(SHOTS, "dashboard-analytics-rtl.png"), fullPage: true });
    await context.close();
  });

  it("shows a client their balance over time, plans and recent jobs, and what they may do", async () => {
    const context = await contextWith(browser, { theme: "light" });
    const page = await context.newPage();
    await signIn(page, DEMO_CLIENT_1, { home: "/access-control" });
    await page.getByRole("heading", { name: "What you can do" }).waitFor();
    const content = page.locator("main");
    await content.getByRole("link", { name: /Bundles/ }).waitFor();
    expect(await content.getByRole("link", { name: /Users/ }).count()).toBe(0);
    expect(await seriousViolations(page, "main")).toEqual([]);
    await page.goto("/portal/dashboard");
    await page.getByRole("heading", { name: "Your balance over time" }).waitFor();
    expect((await charts(page)).length).toBe(1);
    await page.getByRole("heading", { name: "Recent jobs" }).waitFor();
    expect(await content.locator("table tbody tr").count()).toBeGreaterThan(0);
    await content.getByRole("link", { name: "Buy points" }).click();
    await page.waitForURL("**/portal/bundle");
    await page.goto("/portal/dashboard");
    await page.getByRole("heading", { name: "Your balance over time" }).waitFor();
    expect(await seriousViolations(page, "main")).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "dashboard-portal.png"), fullPage: true });
    await context.close();
  });
});
