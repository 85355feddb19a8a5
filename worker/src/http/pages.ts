/**
 * The public pages the build prerendered per language (web/prerender.ts), served in the reader's
 * language with what depends on the address (canonical and hreflang links, og:url) and the deployment's
 * settings; and robots.txt and sitemap.xml, which need the site's origin. wrangler.toml's
 * `run_worker_first` sends only these paths (and the API and images) to the Worker: every script, style
 * and image of a page is served by the platform without running it (headers from the `_headers` file).
 */
import { readCookie } from "../auth/session";
import { isLanguage, LANGUAGES, type Language } from "../errors/language";
import { requestLanguage } from "./language";
import { appSettingsOf } from "./settings";

/** Where the build puts the pages (web/prerender.ts PRERENDERED_DIR) and the list of them. */
const PRERENDERED = "/prerendered";
const PAGES_MANIFEST = `${PRERENDERED}/pages.json`;

/** A payment's public page: one shell serves every reference (the contract's reference shape), filled by one call. */
const PAYMENT_PAGE = /^\/payment\/[A-Za-z0-9_-]{22,100}$/;
const PAYMENT_SHELL = "/payment/_shell";

/**
 * The best of the app's languages in an Accept-Language header ("ar-EG,ar;q=0.9,en;q=0.8" → "ar"),
 * by quality then order; null when none is wanted.
 */
export function negotiateLanguage(header: string | null): Language | null {
  if (!header) return null;
  const wanted = header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], quality: q === undefined ? 1 : Number(q), order };
    })
    .filter((w) => w.quality > 0 && isLanguage(w.language))
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return (wanted[0]?.language as Language | undefined) ?? null;
}

/**
 * The language a page is served in: with the operator's language switcher on, the address's `?lang=`
 * (the hreflang links), then the reader's choice (the language cookie), then the browser's
 * Accept-Language; with it off, the reader's earlier choice or English, as the app itself does.
 */
export function pageLanguage(request: Request, url: URL, switcher: boolean): Language {
  const asked = url.searchParams.get("lang");
  if (switcher && isLanguage(asked)) return asked;
  const chosen = requestLanguage(request);
  if (chosen) return chosen;
  return (switcher && negotiateLanguage(request.headers.get("accept-language"))) || "en";
}

/** The paths the build prerendered, and which belong in the sitemap (web/prerender.ts PagesManifest). */
interface PagesManifest {
  pages: { path: string; sitemap: boolean }[];
}

// Read once per isolate and assets binding: the assets change only with a deploy, which starts new isolates.
const manifests = new WeakMap<Fetcher, Promise<PagesManifest>>();

/** The build's list of prerendered pages (an empty one when the build has none). */
function pagesManifest(env: Env, origin: string): Promise<PagesManifest> {
  let manifest = manifests.get(env.ASSETS);
  if (!manifest) {
    manifest = env.ASSETS.fetch(new Request(new URL(PAGES_MANIFEST, origin))).then(
      // A build without prerendered pages has no manifest: the assets answer 404, or the SPA's index.html.
      async (answer) =>
        answer.ok && answer.headers.get("content-type")?.includes("json")
          ? ((await answer.json()) as PagesManifest)
          : { pages: [] },
      () => ({ pages: [] }),
    );
    manifests.set(env.ASSETS, manifest);
  }
  return manifest;
}

/**
 * The page the build prerendered for a path: a payment's shell for any reference, else the page of
 * that very path; null when there is none. The asset server answers an unknown file with the SPA's
 * index.html, so the build's list decides, not the answer.
 */
export function prerenderedPage(pathname: string, pages: PagesManifest["pages"]): string | null {
  if (PAYMENT_PAGE.test(pathname)) return PAYMENT_SHELL;
  const path = pathname.replace(/\/+$/, "");
  // A shell is served only for its addresses, never at its own.
  if (path.split("/").some((segment) => segment.startsWith("_"))) return null;
  return pages.some((page) => page.path === path) ? path : null;
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Canonical and alternate addresses of a page: one per language when the switcher offers them. */
function addresses(url: URL, language: Language, switcher: boolean) {
  const plain = `${url.origin}${url.pathname}`;
  const of = (lng: Language) => `${plain}?lang=${lng}`;
  if (!switcher) return { canonical: plain, alternates: [] as { hreflang: string; href: string }[] };
  return {
    canonical: of(language),
    alternates: [...LANGUAGES.map((lng) => ({ hreflang: lng, href: of(lng) })), { hreflang: "x-default", href: plain }],
  };
}

/** The store settings a page depends on (the settings in force: domain/storesettings, read only when needed). */
export type PageSettings = () => Promise<{ siteName: string; languageSwitcher: boolean }>;

/**
 * A page for a first visitor: the prerendered HTML in their language, or the app itself (the SPA's
 * index.html) for a signed-in reader or a path with no prerendered page; another method than GET goes back to the page.
 */
export async function servePage(request: Request, env: Env, url: URL, storeSettings: PageSettings): Promise<Response> {
  const app = () => env.ASSETS.fetch(request);
  // A form the browser sent itself (a sign-in page submitted before the app had it): back to the page, as a GET.
  if (request.method !== "GET" && request.method !== "HEAD") return Response.redirect(url.toString(), 303);
  // The prerendered pages are what a first visitor sees: signed in (the app's userData cookie), the app renders itself.
  if (readCookie(request, "userData")) return app();
  const path = prerenderedPage(url.pathname, (await pagesManifest(env, url.origin)).pages);
  if (!path) return app();
  const store = await storeSettings();
  const switcher = store.languageSwitcher;
  const language = pageLanguage(request, url, switcher);
  // Without ".html": the asset server names pages so (a ".html" address redirects).
  const page = await env.ASSETS.fetch(new Request(new URL(`${PRERENDERED}/${language}${path}`, url.origin)));
  if (!page.ok) return app();

  const { canonical, alternates } = addresses(url, language, switcher);
  const links = [
    `<link rel="canonical" href="${escapeAttribute(canonical)}" />`,
    ...alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttribute(a.href)}" />`),
    `<meta property="og:url" content="${escapeAttribute(canonical)}" />`,
  ].join("");
  const settings = appSettingsOf(env, store);
  const served = new HTMLRewriter()
    .on('meta[name="app-settings"]', {
      element: (meta) => void meta.setAttribute("content", JSON.stringify(settings)),
    })
    // The page was rendered without Turnstile and terms (the build knows neither): these keep their place
    // from the first paint, so they appear after hydration without moving the form.
    .on("html", {
      element: (html) => {
        if (settings.turnstileSiteKey) html.setAttribute("data-human-check", "");
        if (settings.termsUrl) html.setAttribute("data-terms", "");
      },
    })
    .on("head", { element: (head) => void head.append(links, { html: true }) })
    .transform(page);
  const headers = new Headers(served.headers);
  headers.delete("etag");
  // The same address answers in several languages, and differently once signed in.
  headers.set("vary", "Cookie, Accept-Language");
  headers.set("cache-control", "no-cache");
  return new Response(request.method === "HEAD" ? null : served.body, { status: 200, headers });
}

/** sitemap.xml: every public page, once per language with its alternates when the switcher offers them. */
export async function serveSitemap(env: Env, url: URL, storeSettings: PageSettings): Promise<Response> {
  const pages = (await pagesManifest(env, url.origin)).pages.filter((p) => p.sitemap);
  const switcher = (await storeSettings()).languageSwitcher;
  const entries = pages.flatMap(({ path }) => {
    const page = new URL(path, url.origin);
    return (switcher ? LANGUAGES : (["en"] as const)).map((language) => {
      const { canonical, alternates } = addresses(page, language, switcher);
      const links = alternates.map(
        (a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttribute(a.href)}"/>`,
      );
      return `<url><loc>${escapeAttribute(canonical)}</loc>${links.join("")}</url>`;
    });
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
  ].join("\n");
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

/** robots.txt: the site is open to crawlers but the API and payments (private links), with the sitemap's address. */
export function serveRobots(url: URL): Response {
  const text = ["User-agent: *", "Disallow: /api/", "Disallow: /payment/", "", `Sitemap: ${url.origin}/sitemap.xml`, ""].join(
    "\n",
  );
  return new Response(text, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
