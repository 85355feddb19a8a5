import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Calls, JsonCallName } from "../../worker/src/contract";
import { ADMIN, baseUrl, launch, newPage, signInContext } from "./browser";

/** A call as a signed-in browser makes it, JSON or multipart; the answer as the contract types it. */
async function as<N extends JsonCallName>(
  cookie: string,
  name: N,
  body: Calls[N]["input"] | FormData,
): Promise<Calls[N]["answer"]> {
  const form = body instanceof FormData;
  const response = await fetch(`${baseUrl()}/api/${name}`, {
    method: "POST",
    headers: { cookie, ...(form ? {} : { "content-type": "application/json" }) },
    body: form ? body : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
  return answer as Calls[N]["answer"];
}

/** The session cookie of a sign-in or registration answer. */
async function sessionOf(name: "login" | "register", body: object): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))!
    .split(";")[0]!;
}

const tag = Math.random().toString(36).slice(2, 8);
/** One unbroken word of `length` characters, findable by its tag. */
const word = (length: number) => `Long${tag}`.padEnd(length, "x");
const LONG = {
  name: word(100), // the longest user name the contract takes
  email: `${word(90)}@${"d".repeat(60)}.example.test`.toLowerCase(),
  site: word(200),
  vendor: word(200),
  item: word(200),
  file: `${word(196)}.txt`,
  key: word(60),
};

/** The admin lists of issue 45 item 2, each at the path it opens on. */
const LISTS = [
  "/portal/user",
  "/apps/user/list",
  "/apps/invoice/list",
  "/portal/history",
  "/portal/coupon",
  "/portal/vendor",
  "/portal/site",
  "/portal/itemSetting",
  "/apps/audit-log",
  "/apps/outbox",
  "/apps/api-keys",
];

/**
 * Where each row's last cell ends, against the table's scrolling region and the viewport: a long word
 * that widened its column would push that cell out of the region (which then scrolls sideways).
 */
function measure(page: Page) {
  return page.evaluate(() => {
    const region = document.querySelector<HTMLElement>('[role="region"]:has(> table)')!;
    const box = region.getBoundingClientRect();
    const rows = Array.from(region.querySelectorAll("tbody tr")).map((row) => {
      // The last cell shown: an empty one is hidden on phones (display none, a box at 0, 0).
      const shown = Array.from(row.children).filter((cell) => cell.getBoundingClientRect().width > 0);
      const last = shown[shown.length - 1]!.getBoundingClientRect();
      // The widest cell, to name in a failure.
      const widest = Array.from(row.children).reduce((a, b) => (b.scrollWidth > a.scrollWidth ? b : a));
      return {
        left: Math.round(last.left),
        right: Math.round(last.right),
        widest: `${widest.getAttribute("data-label")} ${widest.scrollWidth} px`,
      };
    });
    return {
      rows,
      region: { left: Math.round(box.left), right: Math.round(box.right) },
      regionOverflow: region.scrollWidth - region.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
      // A text cut with "…" carries the whole text as its title (shown on hover).
      cutWithoutTitle: Array.from(region.querySelectorAll<HTMLElement>("tbody .truncate")).filter(
        (cut) => cut.scrollWidth > cut.clientWidth + 1 && cut.title !== cut.textContent,
      ).length,
      text: document.body.innerText.toLowerCase(),
    };
  });
}

describe("a 200-character unbroken name keeps every list's columns on screen (issue 45)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
    const admin = await sessionOf("login", ADMIN);
    const client = await sessionOf("register", { userName: LONG.name, userEmail: LONG.email, password: `Long-pass-${tag}` });
    const { site } = await as(admin, "updatesite", {
      siteName: LONG.site,
      siteDesc: word(300),
      sitePrice: 1,
      siteIsUse: true,
    });
    await as(admin, "updatevendor", {
      vendorSiteID: site.siteId,
      vendorName: LONG.vendor,
      vendorIsActive: true,
      loginMethod: "email",
      vendorEmail: LONG.email,
      vendorPassword: "vendor-secret",
    });
    const { item } = await as(admin, "updateitem", { itemName: LONG.item, itemPrice: 1500 });
    const me = await as(client, "me", {});
    await as(admin, "adjust-quota", { userId: me.userData.userId, delta: 5, reason: word(200) });
    await as(client, "checkout", { kind: "item", refId: item.itemId });
    const upload = new FormData();
    upload.append("siteId", String(site.siteId));
    upload.append("file", new Blob(["a document\n"], { type: "text/plain" }), LONG.file);
    await as(client, "submit-job", upload);
    const { codes } = await as(admin, "generate-coupons", { couponQuota: 3, couponExpired: "2099-12-31", couponCount: 1 });
    await as(client, "redeem-coupon", { couponCode: codes[0]! });
    await as(admin, "create-apikey", { keyName: LONG.key });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px`, { timeout: 180_000 }, async () => {
      const { page, context } = await newPage(browser);
      await signInContext(context, ADMIN, "/dashboards/crm");
      await page.setViewportSize({ width, height: 900 });
      const failures: string[] = [];
      for (const path of LISTS) {
        await page.goto(path);
        await page.locator('[role="region"] > table tbody tr').first().waitFor();
        // The list's rows may be the first page's before this test's rows come: wait for them, a while.
        await page
          .waitForFunction((text) => document.body.innerText.toLowerCase().includes(text), `long${tag}`, { timeout: 10_000 })
          .catch(() => undefined);
        const seen = await measure(page);
        if (!seen.text.includes(`long${tag}`)) failures.push(`${path}: no long name on the first page`);
        const out = seen.rows.filter((r) => r.right > Math.min(seen.region.right, width) + 1 || r.left < seen.region.left - 1);
        if (out.length > 0)
          failures.push(`${path}: ${out.length} rows end outside ${JSON.stringify(seen.region)}, as ${JSON.stringify(out[0])}`);
        if (seen.regionOverflow > 1) failures.push(`${path}: the table scrolls ${seen.regionOverflow} px sideways`);
        if (seen.pageWidth > width) failures.push(`${path}: the page is ${seen.pageWidth} px wide`);
        if (seen.cutWithoutTitle > 0) failures.push(`${path}: ${seen.cutWithoutTitle} cut texts without their title`);
      }
      expect(failures).toEqual([]);
      await context.close();
    });
  }
});
