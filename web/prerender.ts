/**
 * Public pages rendered to HTML per language when the SPA is built (vite.config.ts), so that a first
 * visitor's phone paints text and layout before any script has run; the app then hydrates them
 * (web/src/main.tsx). The routes with `prerender` (web/src/lib/feature.ts) are rendered by
 * web/src/prerender.tsx, loaded through a Vite server in Node, into
 * `<outDir>/prerendered/<language><path>.html`; the Worker serves them (worker/src/http/pages.ts), and
 * `<outDir>/prerendered/pages.json` lists them for its sitemap.
 */
import react from "@vitejs/plugin-react";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer, type Plugin } from "vite";
import { builtChunks, pageChunks } from "./build";

/** The settings a page is rendered with (web/src/providers/settings.ts AppSettings). */
export interface AppSettings {
  siteName: string;
  currency: string;
  languageSwitcher: boolean;
  turnstileSiteKey: string | null;
  termsUrl: string | null;
}

/** One page rendered by web/src/prerender.tsx (its RenderedPage). */
export interface RenderedPage {
  html: string;
  title: string;
  description: string;
  siteName: string;
  lang: string;
  dir: "ltr" | "rtl";
}

/** What the build's renderer module offers (web/src/prerender.tsx); targets are opaque here but for their path. */
interface Renderer {
  LANGUAGES: readonly string[];
  prerenderTargets: () => { path: string }[];
  renderPage: (target: { path: string }, language: string, settings: AppSettings) => Promise<RenderedPage>;
}

/** The folder of the prerendered pages inside the built client, and the manifest the Worker reads. */
export const PRERENDERED_DIR = "prerendered";
export const PAGES_MANIFEST = `${PRERENDERED_DIR}/pages.json`;

/** What pages.json holds: every prerendered path, and whether it belongs in the sitemap. */
export interface PagesManifest {
  languages: string[];
  pages: { path: string; sitemap: boolean }[];
}

/** Open Graph's locale names for the app's languages. */
const OG_LOCALE: Record<string, string> = { en: "en_US", fr: "fr_FR", ar: "ar_AR" };

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The deployment settings of wrangler.toml's [vars] the pages show (site name, currency, language
 * switcher): the page is rendered with them, and says so (`data-rendered-with`) for hydration.
 */
export function buildSettings(wranglerToml: string): AppSettings {
  const vars = /^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(wranglerToml)?.[1] ?? "";
  const value = (name: string) => new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m").exec(vars)?.[1];
  return {
    siteName: value("SITE_NAME") ?? "",
    currency: value("CURRENCY") ?? "USD",
    languageSwitcher: value("LANGUAGE_SWITCHER") === "true",
    // Turnstile is on only with its secret, which the build never sees; the terms may change without a
    // build. Pages render without either, and show them once hydrated, from the settings the Worker serves.
    turnstileSiteKey: null,
    termsUrl: null,
  };
}

/**
 * The page's HTML must run without a script of its own: the CSP forbids inline scripts, so a boundary
 * React left to be revealed by one (`<!--$?-->`, `<template id="B:…">`) would stay a spinner.
 */
export function checkRenderedHtml(pagePath: string, html: string): string {
  if (/<script\b|<!--\$[?!]-->/.test(html))
    throw new Error(`prerender: ${pagePath} has an inline script or an unfinished Suspense boundary`);
  return html;
}

/** The element after the rendered page: rendering waits until the parser reaches it (`rel=expect`). */
const PARSED_MARK = "page-parsed";

/**
 * The built index.html with a rendered page in it: the language and direction on <html>, the title,
 * description and Open Graph tags, the settings for hydration, and the app's HTML inside the root.
 * The Worker adds what depends on the address it is served at (canonical, hreflang, og:url).
 */
export function composePage(template: string, page: RenderedPage, settings: AppSettings, robots?: string): string {
  const title = page.title ? `${page.title} · ${page.siteName}` : page.siteName;
  const meta = (attrs: Record<string, string>) =>
    `<meta ${Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(" ")} />`;
  const settingsJson = JSON.stringify(settings);
  const head = [
    // Before the boot script (web/boot.js), which reads it to leave the served language alone.
    meta({ name: "app-settings", content: settingsJson, "data-rendered-with": settingsJson }),
    meta({ name: "description", content: page.description }),
    ...(robots ? [meta({ name: "robots", content: robots })] : []),
    meta({ property: "og:type", content: "website" }),
    meta({ property: "og:site_name", content: page.siteName }),
    meta({ property: "og:title", content: title }),
    meta({ property: "og:description", content: page.description }),
    meta({ property: "og:locale", content: OG_LOCALE[page.lang] ?? "en_US" }),
    // No paint of a half-parsed page: a slow phone (or a chunked answer) painted the form cut after its
    // first field, then the whole card moved (CLS 0.06–0.18 in the front e2e under load).
    `<link rel="expect" href="#${PARSED_MARK}" blocking="render" />`,
  ].join("\n    ");
  const replaced = (html: string, pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${pattern}`);
    return html.replace(pattern, () => by);
  };
  let html = replaced(template, /<html[^>]*>/, `<html lang="${page.lang}" dir="${page.dir}">`);
  html = replaced(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  html = replaced(html, /<meta charset="UTF-8" \/>/i, `<meta charset="UTF-8" />\n    ${head}`);
  // index.html's root holds a spinner for the pages the app renders itself; here the page takes its place.
  return replaced(
    html,
    /<div id="root">\s*(<div class="app-loading[^"]*"[^>]*>\s*<span[^>]*><\/span>\s*<\/div>)?\s*<\/div>/,
    `<div id="root">${page.html}</div><span id="${PARSED_MARK}" hidden></span>`,
  );
}

/**
 * index.html with modulepreload links for `files`, at low priority: at the default one they took bandwidth from
 * the stylesheet and the entry and delayed the first paint (the payment page's FCP 1.85 → 2.16 s, Lighthouse).
 */
export function withPreloads(html: string, files: string[]): string {
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(file)}">`)
    .join("\n    ");
  if (!links) return html;
  if (!html.includes("</head>")) throw new Error("prerender: index.html has no </head>");
  return html.replace("</head>", () => `  ${links}\n  </head>`);
}

/** The file a path's page is written to under the language's folder: "/front-pages/pricing" → "front-pages/pricing.html". */
export const pageFile = (language: string, pagePath: string) => `${PRERENDERED_DIR}/${language}${pagePath}.html`;

/** A shell (a path segment starting with "_", such as the payment page's) is served for many addresses, never listed. */
const isShell = (pagePath: string) => pagePath.split("/").some((segment) => segment.startsWith("_"));

export function prerenderPages(): Plugin {
  let root = "";
  return {
    name: "prerender-pages",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    writeBundle: {
      order: "post",
      sequential: true,
      async handler(options, bundle) {
        const outDir = options.dir!;
        const indexFile = path.join(outDir, "index.html");
        const settings = buildSettings(readFileSync(path.join(root, "..", "wrangler.toml"), "utf8"));
        const server = await createServer({
          configFile: false,
          root,
          mode: "production",
          logLevel: "error",
          appType: "custom",
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, watch: null, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const renderer = (await server.ssrLoadModule("/src/prerender.tsx")) as Renderer;
          // The signed-in app's pages are index.html itself; the prerendered ones are made from it.
          const template = readFileSync(indexFile, "utf8");
          const targets = renderer.prerenderTargets();
          const loadedIds = () => new Set(server.environments.ssr.moduleGraph.idToModuleMap.keys());
          // A shell's page chunks: the modules its first render was the first to load (each shell has a page of its own).
          const shellChunks = new Map<string, string[]>();
          for (const language of renderer.LANGUAGES) {
            for (const target of targets) {
              const before = loadedIds();
              const page = await renderer.renderPage(target, language, settings);
              if (isShell(target.path) && !shellChunks.has(target.path)) {
                const loaded = new Set([...loadedIds()].filter((id) => !before.has(id)));
                const files = pageChunks(builtChunks(bundle), loaded);
                if (files.length === 0) throw new Error(`prerender: no page chunk found for the shell ${target.path}`);
                shellChunks.set(target.path, files);
              }
              checkRenderedHtml(`${language}${target.path}`, page.html);
              // Payment pages are private links: kept out of search engines.
              const robots = isShell(target.path) ? "noindex" : undefined;
              const file = path.join(outDir, pageFile(language, target.path));
              mkdirSync(path.dirname(file), { recursive: true });
              writeFileSync(
                file,
                composePage(withPreloads(template, shellChunks.get(target.path) ?? []), page, settings, robots),
              );
            }
          }
          const manifest: PagesManifest = {
            languages: [...renderer.LANGUAGES],
            pages: targets.map((target) => ({ path: target.path, sitemap: !isShell(target.path) })),
          };
          writeFileSync(path.join(outDir, PAGES_MANIFEST), JSON.stringify(manifest));
        } finally {
          await server.close();
        }
      },
    },
  };
}
