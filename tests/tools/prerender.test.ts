import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { staticHeadersFile } from "../../scripts/static-headers";
import { buildSettings, checkRenderedHtml, composePage, pageFile, withPreloads, type RenderedPage } from "../../web/prerender";
import { SECURITY_HEADERS } from "../../worker/src/http/headers";

const ROOT = path.resolve(import.meta.dirname, "../..");

const TEMPLATE = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <title>Edge Portal</title>
    <script data-boot>(function(){})()</script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const PAGE: RenderedPage = {
  html: "<main><h1>مرحبًا بعودتك</h1></main>",
  title: "تسجيل الدخول",
  description: 'Sign in "now" & <go>',
  siteName: "Edge Portal",
  lang: "ar",
  dir: "rtl",
};

describe("web/prerender.ts: a prerendered page's HTML", () => {
  const settings = { siteName: "Edge Portal", currency: "USD", languageSwitcher: false, turnstileSiteKey: null, termsUrl: null };
  const html = composePage(TEMPLATE, PAGE, settings);

  it("puts the rendered app in the root, in its language and direction, with its title", () => {
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<div id="root"><main><h1>مرحبًا بعودتك</h1></main></div>');
    expect(html).toContain("<title>تسجيل الدخول · Edge Portal</title>");
  });

  it("paints only once the rendered page is parsed (no half form on a slow phone)", () => {
    expect(html).toContain('<link rel="expect" href="#page-parsed" blocking="render" />');
    expect(html).toMatch(/<div id="root">.*<\/div><span id="page-parsed" hidden><\/span>/s);
  });

  it("describes the page for search engines and link previews, escaped", () => {
    expect(html).toContain('<meta name="description" content="Sign in &quot;now&quot; &amp; &lt;go&gt;" />');
    expect(html).toContain('<meta property="og:title" content="تسجيل الدخول · Edge Portal" />');
    expect(html).toContain('<meta property="og:locale" content="ar_AR" />');
    expect(html).toContain('<meta property="og:site_name" content="Edge Portal" />');
    expect(html).not.toContain('name="robots"');
    expect(composePage(TEMPLATE, PAGE, settings, "noindex")).toContain('<meta name="robots" content="noindex" />');
  });

  it("says which settings it was rendered with, before the boot script reads it, the charset first", () => {
    const meta = html.indexOf('<meta name="app-settings"');
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(meta);
    expect(meta).toBeLessThan(html.indexOf("<script data-boot>"));
    expect(html).toContain(`data-rendered-with="${JSON.stringify(settings).replace(/"/g, "&quot;")}"`);
  });

  it("puts the page in place of index.html's spinner", () => {
    const spinner =
      '<div class="app-loading flex min-h-screen" aria-hidden="true"><span class="loading loading-spinner"></span></div>';
    const withSpinner = composePage(TEMPLATE.replace('<div id="root"></div>', `<div id="root">${spinner}</div>`), PAGE, settings);
    expect(withSpinner).toContain('<div id="root"><main><h1>مرحبًا بعودتك</h1></main></div><span id="page-parsed" hidden></span>');
    expect(withSpinner).not.toContain("app-loading");
  });

  it("refuses a template it cannot fill, rather than writing a page without the app", () => {
    expect(() => composePage(TEMPLATE.replace('<div id="root"></div>', ""), PAGE, settings)).toThrow(/root/);
  });

  it("names a shell's page files in its head at low priority, and leaves other pages as they were", () => {
    const shell = withPreloads(TEMPLATE, ["/assets/PaymentPage-f.js", "/assets/kit-e.js"]);
    expect(shell).toMatch(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/PaymentPage-f.js">\s*<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/kit-e.js">\s*<\/head>/,
    );
    expect(withPreloads(TEMPLATE, [])).toBe(TEMPLATE);
  });

  it("writes each page under its language, mirroring its address", () => {
    expect(pageFile("fr", "/front-pages/pricing")).toBe("prerendered/fr/front-pages/pricing.html");
  });

  it("renders with wrangler.toml's site name, currency and language switcher, never with Turnstile or terms", () => {
    const off = { turnstileSiteKey: null, termsUrl: null };
    expect(buildSettings(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"))).toEqual({
      siteName: "Edge Portal",
      currency: "USD",
      languageSwitcher: false,
      ...off,
    });
    const toml =
      '[vars]\nSITE_NAME = "Acme"\nLANGUAGE_SWITCHER = "true"\nTURNSTILE_SITE_KEY = "1x00000000000000000000AA"\n' +
      'TERMS_URL = "https://acme.example/terms"\n\n[other]\nCURRENCY = "EUR"\n';
    expect(buildSettings(toml)).toEqual({ siteName: "Acme", currency: "USD", languageSwitcher: true, ...off });
  });

  it("refuses a page that would need an inline script (the CSP forbids them) or left a boundary unfinished", () => {
    expect(checkRenderedHtml("en/login", "<main><!--$--><h1>Sign in</h1><!--/$--></main>")).toContain("Sign in");
    expect(() =>
      checkRenderedHtml("en/help", '<!--$?--><template id="B:0"></template><!--/$--><script>$RC("B:0")</script>'),
    ).toThrow(/en\/help/);
    expect(() => checkRenderedHtml("en/faq", "<!--$!--><template data-dgst></template><!--/$-->")).toThrow();
  });
});

describe("static files served without the Worker", () => {
  it("get the Worker's own security headers from _headers, and hashed assets a year's immutable cache", () => {
    const file = staticHeadersFile();
    const rules = file.split(/\n(?=\/)/);
    const all = rules.find((rule) => rule.startsWith("/*\n"))!;
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(all).toContain(`  ${name}: ${value}`);
    expect(rules.find((rule) => rule.startsWith("/assets/*\n"))).toContain("Cache-Control: public, max-age=31536000, immutable");
  });

  it("run the Worker only on the paths that need it (wrangler.toml run_worker_first is a list)", () => {
    const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
    const list = /^run_worker_first = \[([^\]]*)\]/m.exec(toml)?.[1];
    expect(list, "run_worker_first is a list of patterns").toBeDefined();
    const patterns = [...list!.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    // `/__scheduled` too: wrangler dev --test-scheduled runs a cron only where the Worker runs first.
    expect(patterns).toEqual(expect.arrayContaining(["/__scheduled", "/api/*", "/images/*", "/robots.txt", "/sitemap.xml"]));
    expect(patterns).not.toContain("/*");
    expect(patterns.some((p) => p!.startsWith("/assets"))).toBe(false);
  });
});
