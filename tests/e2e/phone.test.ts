import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientAbility, type AbilityRule } from "../../web/src/providers/ability";
import { canNavigate } from "../../web/src/app/guard";
import type { RouteMeta } from "../../web/src/lib/feature";
import historyAr from "../../web/src/features/history/locales/ar.json";
import historyEn from "../../web/src/features/history/locales/en.json";
import ar from "../../web/src/i18n/locales/ar.json";
import en from "../../web/src/i18n/locales/en.json";
import layoutAr from "../../web/src/i18n/locales/layout/ar.json";
import layoutEn from "../../web/src/i18n/locales/layout/en.json";
import { ADMIN, baseUrl, CLIENT, launch, signInContext, submitSignIn } from "./browser";
import { englishOnPage } from "./untranslated";
import { seriousViolations } from "./axe";

/**
 * Issue 15: every route of the web app, at 390 × 844 on a touch phone, in English, French and Arabic, as
 * the role that can open it: the document is never wider than the device, and axe finds nothing serious;
 * in French and Arabic, no English text is on screen (issue 29).
 * A phone widens its layout viewport to fit the content, so the width is compared with 390 rather
 * than with innerWidth.
 */

const PHONE = { width: 390, height: 844 };

interface RouteEntry {
  path: string;
  meta?: RouteMeta;
}
interface Registry {
  appRoutes: RouteEntry[];
  notFoundRoute: RouteEntry;
  redirects: { path: string }[];
}
// Loaded by a computed name: the route table's pages are React files, typechecked with the web app, not here.
const REGISTRY = "../../web/src/app/registry";
const { appRoutes, notFoundRoute, redirects } = (await import(/* @vite-ignore */ REGISTRY)) as Registry;

type Who = "anonymous" | "client" | "admin";

/** Ids that exist in the seeded state, read from the server before the run. */
interface Seeded {
  clientUserId: number;
  paidReference: string;
  siteId: number;
}

/**
 * What to open for a route with parameters, and as whom when it is not simply the role that may open
 * it (a client cannot see another client's invoice). Every parameterised route must be here.
 */
const PARAMETERISED: Record<string, { paths: (s: Seeded) => string[]; who?: Who }> = {
  "/apps/user/view/:id": { paths: (s) => [`/apps/user/view/${s.clientUserId}`] },
  "/apps/invoice/preview/:id": { paths: (s) => [`/apps/invoice/preview/${s.paidReference}`], who: "admin" },
  "/apps/invoice/edit/:id": { paths: (s) => [`/apps/invoice/edit/${s.paidReference}`] },
  "/apps/ecommerce/order/details/:id": { paths: (s) => [`/apps/ecommerce/order/details/${s.paidReference}`] },
  "/apps/ecommerce/customer/details/:id": { paths: (s) => [`/apps/ecommerce/customer/details/${s.clientUserId}`] },
  "/payment/:referenceId": { paths: (s) => [`/payment/${s.paidReference}`] },
  "/portal/site/use/:siteId": { paths: (s) => [`/portal/site/use/${s.siteId}`] },
  // The support desk: a folder and a label, in the short and the explicit forms.
  "/apps/email/:filter": { paths: () => ["/apps/email/inbox", "/apps/email/payment"] },
  "/apps/email/filter/:filter": { paths: () => ["/apps/email/filter/starred"] },
  "/apps/email/label/:label": { paths: () => ["/apps/email/label/account"] },
  "/front-pages/help-center/article/:title": { paths: () => ["/front-pages/help-center/article/how-to-buy-points"] },
  "/pages/user-profile/:tab": {
    paths: () => ["profile", "teams", "projects", "connections", "plan"].map((tab) => `/pages/user-profile/${tab}`),
  },
  "/pages/misc/not-found/:error*": { paths: () => ["/pages/misc/not-found/missing-page"] },
  // The living style guide (staff): one page of each group; tests/e2e/styleguide.test.ts opens every page.
  "/charts/:slug": { paths: () => ["/charts/apex-chart"] },
  "/components/:slug": { paths: () => ["/components/button"] },
  "/forms/:slug": { paths: () => ["/forms/form-validation"] },
  "/tables/:slug": { paths: () => ["/tables/data-table"] },
  "/pages/cards/:slug": { paths: () => ["/pages/cards/card-statistics"] },
  "*": { paths: () => ["/no/such/page"] },
};

/** Lists that look different to an admin (tables and management) are opened by both roles. */
const ALSO_AS_ADMIN = ["/portal/bundle", "/portal/site", "/portal/item", "/apps/invoice/list", "/portal/dashboard"];

interface Visit {
  who: Who;
  path: string;
  /** A redirect lands elsewhere; every other route must show its own page. */
  redirect?: boolean;
}

function visitsOf(seeded: Seeded, client: ClientAbility): Visit[] {
  const visits: Visit[] = [];
  for (const route of [...appRoutes, notFoundRoute]) {
    const special = PARAMETERISED[route.path];
    const open = route.meta?.public || route.meta?.unauthenticatedOnly;
    const who: Who =
      special?.who ?? (open ? "anonymous" : canNavigate(route.meta, (a, s) => client.can(a, s)) ? "client" : "admin");
    for (const path of special ? special.paths(seeded) : [route.path]) {
      visits.push({ who, path });
      if (ALSO_AS_ADMIN.includes(path)) visits.push({ who: "admin", path });
    }
  }
  for (const redirect of redirects) visits.push({ who: "client", path: redirect.path, redirect: true });
  return visits;
}

type Language = "en" | "fr" | "ar";
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", fr: "French", ar: "Arabic (right to left)" };

async function phoneContext(browser: Browser, language: Language): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
    locale: language === "en" ? "en-US" : language,
  });
  const cookies: Record<string, string> = {
    theme: "light",
    ...(language === "en" ? {} : { language, direction: language === "ar" ? "rtl" : "ltr" }),
  };
  const host = new URL(baseUrl()).hostname;
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({
      name,
      value: encodeURIComponent(JSON.stringify(value)),
      domain: host,
      path: "/",
    })),
  );
  // Counts the app's calls in flight, so a page is judged once its data is there.
  await context.addInitScript(() => {
    const original = window.fetch.bind(window);
    const state = window as unknown as { pendingCalls: number };
    state.pendingCalls = 0;
    window.fetch = async (...args) => {
      state.pendingCalls++;
      try {
        return await original(...args);
      } finally {
        state.pendingCalls--;
      }
    };
  });
  return context;
}

/**
 * Opens a path (the first by loading the app, the next ones as the app itself navigates, much faster)
 * and waits until it settles: no call in flight and no loading state (a busy region, the Loading spinner;
 * not a queued job's decorative ring, nor a style-guide demo of the loading state), five frames in a row.
 * Answers whether it settled, so a page stuck loading is not judged by its spinner.
 */
async function open(page: Page, path: string): Promise<boolean> {
  if (page.url() === "about:blank") await page.goto(path);
  else {
    await page.evaluate((to) => {
      (window as unknown as { quietFrames: number }).quietFrames = 0;
      history.pushState(null, "", to);
    }, path);
  }
  return page
    .waitForFunction(
      () => {
        const state = window as unknown as { pendingCalls: number; quietFrames?: number };
        // A style-guide demo of the loading state (inside [data-demo-area]) is not the page loading.
        const loading = Array.from(document.querySelectorAll('[aria-busy="true"], [role="status"] > .loading'));
        const busy = state.pendingCalls > 0 || loading.some((el) => !el.closest("[data-demo-area]"));
        state.quietFrames = busy ? 0 : (state.quietFrames ?? 0) + 1;
        return state.quietFrames >= 5;
      },
      null,
      { polling: "raf", timeout: 15_000 },
    )
    .then(() => true)
    .catch(() => false);
}

/** The document's width, and the outermost elements sticking out of the device when it is too wide. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((device) => {
    const width = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (width > device) {
      const out = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > device + 1 || box.left < -1);
      };
      for (const el of Array.from(document.body.querySelectorAll("*"))) {
        if (out(el) && !(el.parentElement && el.parentElement !== document.body && out(el.parentElement))) {
          const box = el.getBoundingClientRect();
          culprits.push(
            `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 60)}"> ${Math.round(box.left)}..${Math.round(box.right)}`,
          );
        }
      }
    }
    return { width, culprits: culprits.slice(0, 4) };
  }, PHONE.width);
}

type Box = { x: number; width: number };
/** Whether a box lies within the device's width (a pixel of rounding allowed). */
const onScreen = (box: Box | null) => box !== null && box.width > 0 && box.x >= -1 && box.x + box.width <= PHONE.width + 1;

/** A phone page in `language`, signed in as `who`, settled on `path`. */
async function phonePage(browser: Browser, language: Language, who: { email: string; password: string }, path: string) {
  const context = await phoneContext(browser, language);
  await signInContext(context, who);
  const page = await context.newPage();
  await open(page, path);
  return { context, page };
}

/** Asks the API as a signed-in context (the context's session cookie goes along). */
async function call<T>(context: BrowserContext, name: string, body: object): Promise<T> {
  const answer = await context.request.post(`/api/${name}`, { data: body });
  expect(answer.ok(), `${name} answers`).toBe(true);
  return (await answer.json()) as T;
}

describe("phones (390 × 844, touch)", () => {
  let browser: Browser;
  let visits: Visit[];

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ baseURL: baseUrl() });
    const me = await call<{ userAbilityRules: AbilityRule[] }>(context, "login", CLIENT);
    const client = new ClientAbility(me.userAbilityRules);
    await call(context, "login", ADMIN);
    const users = await call<{ data: { userId: number }[] }>(context, "searchuser", { search: CLIENT.email, limit: 1 });
    const payments = await call<{ data: { referenceId: string }[] }>(context, "search-payment", { status: "paid", limit: 1 });
    const sites = await call<{ data: { siteId: number }[] }>(context, "searchsite", { search: "", limit: 1 });
    await context.close();
    visits = visitsOf(
      { clientUserId: users.data[0]!.userId, paidReference: payments.data[0]!.referenceId, siteId: sites.data[0]!.siteId },
      client,
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens every route of the route table, parameterised ones with seeded ids", () => {
    const parameterised = [...appRoutes, notFoundRoute].map((r) => r.path).filter((p) => /[:*]/.test(p));
    expect(
      parameterised.filter((p) => !PARAMETERISED[p]),
      "routes with parameters need seeded values",
    ).toEqual([]);
    const opened = new Set(visits.map((v) => v.path));
    const missing = [...appRoutes, ...redirects]
      .map((r) => r.path)
      .filter((p) => !/[:*]/.test(p))
      .filter((p) => !opened.has(p));
    expect(missing).toEqual([]);
    expect(new Set(visits.map((v) => v.who))).toEqual(new Set(["anonymous", "client", "admin"]));
  });

  for (const language of ["en", "fr", "ar"] as const) {
    const english = language === "en" ? "" : ", and no English";
    it(`fits every page in ${LANGUAGE_NAMES[language]}, with no serious axe violation${english}`, async () => {
      const problems: string[] = [];
      for (const who of ["anonymous", "client", "admin"] as const) {
        const context = await phoneContext(browser, language);
        if (who === "client") await signInContext(context, CLIENT);
        if (who === "admin") await signInContext(context, ADMIN);
        const page = await context.newPage();
        for (const visit of visits.filter((v) => v.who === who)) {
          const settled = await open(page, visit.path);
          const where = `${who} ${visit.path}`;
          if (!settled) problems.push(`${where}: still loading`);
          const landed = new URL(page.url()).pathname;
          if (!visit.redirect && landed !== visit.path) problems.push(`${where}: landed on ${landed}`);
          const { width, culprits } = await overflow(page);
          if (width > PHONE.width) problems.push(`${where}: ${width} px wide ${culprits.join("; ")}`);
          if (language === "ar" && (await page.evaluate(() => document.documentElement.dir)) !== "rtl") {
            problems.push(`${where}: not right to left`);
          }
          for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
          if (language !== "en") for (const text of await englishOnPage(page, language)) problems.push(`${where}: ${text}`);
        }
        await context.close();
      }
      expect(problems).toEqual([]);
    }, 240_000);
  }

  it("says a refused sign-in in French and Arabic: the Worker's message reaches the page in the reader's language", async () => {
    const problems: string[] = [];
    for (const language of ["fr", "ar"] as const) {
      const context = await phoneContext(browser, language);
      const page = await context.newPage();
      await open(page, "/login");
      await page.locator('input[type="email"]').fill("nobody@example.com");
      await page.locator('input[type="password"]').fill("Not-the-password-1");
      await submitSignIn(page);
      await page.getByRole("alert").first().waitFor();
      for (const text of await englishOnPage(page, language)) problems.push(`${language} /login refused: ${text}`);
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it("fits the overlay menu and the customizer drawer, in both directions", async () => {
    const problems: string[] = [];
    for (const [language, text] of [
      ["en", { ...en, ...layoutEn }],
      ["ar", { ...ar, ...layoutAr }],
    ] as const) {
      const { context, page } = await phonePage(browser, language, CLIENT, "/portal/dashboard");
      const inside = async (what: string, box: Box | null) => {
        if (!onScreen(box)) problems.push(`${language} ${what}: ${JSON.stringify(box)}`);
        const { width } = await overflow(page);
        if (width > PHONE.width) problems.push(`${language} ${what} open: the page is ${width} px wide`);
      };
      await page.locator("header").getByRole("button", { name: text.openMenu }).click();
      const menu = page.getByRole("navigation", { name: text.mainMenu });
      await menu.getByRole("link").first().waitFor();
      await page.waitForTimeout(400); // the drawer slides in
      await inside("menu", await menu.boundingBox());
      await menu.getByRole("link").first().click();
      await open(page, "/portal/dashboard");
      await page.locator("header").getByRole("button", { name: text.customizer.open }).click();
      const customizer = page.getByRole("dialog", { name: text.customizer.title });
      await customizer.waitFor();
      await inside("customizer", await customizer.boundingBox());
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it("keeps a job's similarity and its downloads on screen, without a sideways scroll", async () => {
    const problems: string[] = [];
    for (const [language, text] of [
      ["en", historyEn],
      ["ar", historyAr],
    ] as const) {
      const { context, page } = await phonePage(browser, language, ADMIN, "/portal/history");
      const job = page.locator("tbody tr").first();
      for (const [what, part] of [
        ["similarity", job.locator(`td[data-label="${text.colSimilarity}"]`)],
        ["download", job.getByRole("button", { name: text.downloadDocument })],
      ] as const) {
        const box = await part.boundingBox();
        if (!onScreen(box)) problems.push(`${language} ${what}: ${JSON.stringify(box)}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
