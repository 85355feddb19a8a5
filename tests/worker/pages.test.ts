import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WORKER_TIMING } from "../../worker/src/http/headers";
import { negotiateLanguage, pageLanguage, prerenderedPage } from "../../worker/src/http/pages";
import { directFetch } from "./helpers";

/**
 * The public pages the build prerendered per language (worker/src/http/pages.ts): which file serves an
 * address, in which language, with the address's canonical and hreflang links; robots.txt and the sitemap.
 */

const REFERENCE = "Abcdefghijklmnopqrstuvwx";
const MANIFEST = {
  languages: ["en", "fr", "ar"],
  pages: [
    { path: "/login", sitemap: true },
    { path: "/front-pages/pricing", sitemap: true },
    { path: "/payment/_shell", sitemap: false },
  ],
};

/** A prerendered page as the build writes it (web/prerender.ts composePage), reduced to what the Worker touches. */
const pageHtml = (language: string, path: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="UTF-8" />` +
  `<meta name="app-settings" content="{}" data-rendered-with="{}" /><title>t</title></head>` +
  `<body><div id="root"><h1>${language} ${path}</h1></div></body></html>`;

/** An assets binding serving the manifest, the prerendered pages and, for anything else, the SPA's index.html. */
function assets() {
  const asked: string[] = [];
  const fetcher = {
    async fetch(input: RequestInfo | URL) {
      const { pathname } = new URL(input instanceof Request ? input.url : String(input));
      asked.push(pathname);
      if (pathname === "/prerendered/pages.json") return Response.json(MANIFEST);
      const page = /^\/prerendered\/(en|fr|ar)(\/.*)$/.exec(pathname);
      if (page && MANIFEST.pages.some((p) => p.path === page[2]))
        return new Response(pageHtml(page[1]!, page[2]!), { headers: { "content-type": "text/html", etag: '"x"' } });
      return new Response('<!doctype html><html><head></head><body><div id="root"></div>index</body></html>', {
        headers: { "content-type": "text/html" },
      });
    },
  };
  return { asked, fetcher: fetcher as unknown as Fetcher };
}

function portal(vars: Partial<Env> = {}) {
  const { asked, fetcher } = assets();
  const workerEnv = { ...env, ...vars, ASSETS: fetcher } as Env;
  const get = (path: string, headers: Record<string, string> = {}) =>
    directFetch(`https://portal.test${path}`, { headers }, workerEnv);
  return { asked, get };
}

const cookie = (name: string, value: unknown) => `${name}=${encodeURIComponent(JSON.stringify(value))}`;

describe("Accept-Language", () => {
  it("picks the best of the app's languages by quality, then order", () => {
    expect(negotiateLanguage("ar-EG,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(negotiateLanguage("de-DE, fr-CH;q=0.7, en;q=0.8")).toBe("en");
    expect(negotiateLanguage("fr-CA")).toBe("fr");
    expect(negotiateLanguage("en;q=0.5, AR;q=0.6")).toBe("ar");
    expect(negotiateLanguage("de, ja")).toBeNull();
    expect(negotiateLanguage("ar;q=0")).toBeNull();
    expect(negotiateLanguage(null)).toBeNull();
  });

  it("decides a page's language only when the operator turns the switcher on; a choice wins over the browser", () => {
    const request = (headers: Record<string, string>) => new Request("https://portal.test/login", { headers });
    const url = (query = "") => new URL(`https://portal.test/login${query}`);
    // The switcher as the store settings have it (LANGUAGE_SWITCHER is only its default).
    const on = true;
    const off = false;
    const arabicBrowser = { "accept-language": "ar-EG,ar;q=0.9" };
    expect(pageLanguage(request(arabicBrowser), url(), on)).toBe("ar");
    expect(pageLanguage(request(arabicBrowser), url(), off)).toBe("en");
    expect(pageLanguage(request({ ...arabicBrowser, cookie: cookie("language", "fr") }), url(), on)).toBe("fr");
    // A choice made while the switcher was on still holds, as in the app.
    expect(pageLanguage(request({ cookie: cookie("language", "fr") }), url(), off)).toBe("fr");
    // The hreflang links' addresses.
    expect(pageLanguage(request({ cookie: cookie("language", "fr") }), url("?lang=ar"), on)).toBe("ar");
    expect(pageLanguage(request({}), url("?lang=ar"), off)).toBe("en");
  });
});

describe("which prerendered page serves an address", () => {
  it("serves a payment's shell for any reference, and the pages of the build's list at their own address", () => {
    expect(prerenderedPage(`/payment/${REFERENCE}`, MANIFEST.pages)).toBe("/payment/_shell");
    expect(prerenderedPage("/login", MANIFEST.pages)).toBe("/login");
    expect(prerenderedPage("/login/", MANIFEST.pages)).toBe("/login");
    // The checkout from the cart is the app's, not a reference; a shell is never served at its own address.
    expect(prerenderedPage("/payment/payment", MANIFEST.pages)).toBeNull();
    expect(prerenderedPage("/payment/_shell", MANIFEST.pages)).toBeNull();
    expect(prerenderedPage("/front-pages/checkout", MANIFEST.pages)).toBeNull();
  });
});

describe("serving a public page", () => {
  it("answers the prerendered HTML with the deployment's settings, canonical and og:url, never cached as is", async () => {
    // The page asks no app-settings call: Turnstile's site key and the terms reach the sign-in forms here.
    const { get } = portal({
      SITE_NAME: "Acme Checks",
      TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
      TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
      TERMS_URL: "https://acme.example/terms",
    });
    const res = await get("/front-pages/pricing");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>en /front-pages/pricing</h1>");
    const settings = /<meta name="app-settings" content="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"');
    expect(JSON.parse(settings)).toEqual({
      siteName: "Acme Checks",
      currency: env.CURRENCY,
      languageSwitcher: false,
      turnstileSiteKey: "1x00000000000000000000AA",
      termsUrl: "https://acme.example/terms",
    });
    // The forms keep the check's and the terms' place from the first paint (issue 29: no shift on hydration).
    expect(html).toContain('<html lang="en" data-human-check="" data-terms="">');
    expect(html).toContain('<link rel="canonical" href="https://portal.test/front-pages/pricing" />');
    expect(html).toContain('<meta property="og:url" content="https://portal.test/front-pages/pricing" />');
    // One language only while the switcher is off: no alternates.
    expect(html).not.toContain("hreflang");
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("follows Accept-Language on a first visit when the switcher is on, with hreflang alternates per language", async () => {
    const { get } = portal({ LANGUAGE_SWITCHER: "true" });
    const html = await (await get("/login", { "accept-language": "ar-EG,ar;q=0.9,en;q=0.5" })).text();
    expect(html).toContain('<html lang="ar">');
    expect(html).toContain("<h1>ar /login</h1>");
    expect(html).toContain('<link rel="canonical" href="https://portal.test/login?lang=ar" />');
    for (const language of ["en", "fr", "ar"])
      expect(html).toContain(`<link rel="alternate" hreflang="${language}" href="https://portal.test/login?lang=${language}" />`);
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://portal.test/login" />');
    // The same visitor with the switcher off: English, as before.
    const { get: getOff } = portal();
    expect(await (await getOff("/login", { "accept-language": "ar-EG" })).text()).toContain("<h1>en /login</h1>");
  });

  it("serves a payment page's shell in the reader's language for any reference", async () => {
    const { get, asked } = portal();
    const html = await (await get(`/payment/${REFERENCE}`, { cookie: cookie("language", "fr") })).text();
    expect(html).toContain("<h1>fr /payment/_shell</h1>");
    expect(asked).toContain("/prerendered/fr/payment/_shell");
  });

  it("leaves the app to render itself for a signed-in reader and an address without a page", async () => {
    const { get } = portal();
    const signedIn = await (await get("/login", { cookie: cookie("userData", { userId: 1 }) })).text();
    expect(signedIn).toContain("index");
    expect(await (await get("/payment/payment")).text()).toContain("index");
    expect(await (await get("/front-pages/checkout")).text()).toContain("index");
  });

  it("sends a form the browser posted itself (before the app had it) back to its page, without reading it", async () => {
    const { asked, fetcher } = assets();
    const workerEnv = { ...env, ASSETS: fetcher } as Env;
    const res = await directFetch(
      "https://portal.test/login?to=%2Fportal%2Fsite",
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a%40b.c&password=secret" },
      workerEnv,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("https://portal.test/login?to=%2Fportal%2Fsite");
    expect(asked).toEqual([]);
  });
});

describe("which answers ran the Worker", () => {
  it("names the Worker in Server-Timing when metered (the bench counts a page load's invocations so), never in production", async () => {
    const entries = (res: Response) => (res.headers.get("server-timing") ?? "").split(",").map((e) => e.trim().split(";")[0]);
    const metered = portal({ D1_METER: "true" });
    expect(entries(await metered.get("/login"))).toContain(WORKER_TIMING);
    expect(entries(await metered.get("/robots.txt"))).toContain(WORKER_TIMING);
    expect(entries(await portal({ D1_METER: "false" }).get("/login"))).not.toContain(WORKER_TIMING);
  });
});

describe("robots.txt and the sitemap", () => {
  it("opens the site to crawlers but the API and the payment links, and names the sitemap's address", async () => {
    const text = await (await portal().get("/robots.txt")).text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /payment/");
    expect(text).toContain("Sitemap: https://portal.test/sitemap.xml");
  });

  it("lists every public page but the payment shell, once per language with alternates when the switcher is on", async () => {
    const off = await (await portal().get("/sitemap.xml")).text();
    expect(off).toContain("<loc>https://portal.test/login</loc>");
    expect(off).toContain("<loc>https://portal.test/front-pages/pricing</loc>");
    expect(off).not.toContain("payment");
    const on = await (await portal({ LANGUAGE_SWITCHER: "true" }).get("/sitemap.xml")).text();
    expect(on.match(/<url>/g)).toHaveLength(2 * 3);
    expect(on).toContain('<url><loc>https://portal.test/login?lang=fr</loc><xhtml:link rel="alternate" hreflang="en"');
  });
});
