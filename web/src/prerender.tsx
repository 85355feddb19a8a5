/**
 * What the build renders of each public page (web/prerender.ts loads this module in Node): the app as a
 * first visitor sees it at one address, in one language, as HTML the browser then hydrates (main.tsx).
 */
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { App } from "./app/App";
import { appRoutes } from "./app/registry";
import { pageTextKey } from "./app/RouteTitle";
import type { RegisteredRoute } from "./app/types";
import i18n, { initI18n, RTL_LANGUAGES, type Language } from "./i18n";
import { setRenderedSettings, type AppSettings } from "./providers/settings";

export { LANGUAGES } from "./i18n";

/** A page to prerender: its address and its route. */
export interface PrerenderTarget {
  path: string;
  route: RegisteredRoute;
}

export interface RenderedPage {
  /** The app's HTML inside `<div id="root">`. */
  html: string;
  /** The page's own title and description, in the page's language (the site's name is added by the caller). */
  title: string;
  description: string;
  /** The site's name: the deployment's, else the app's in the page's language. */
  siteName: string;
  lang: Language;
  dir: "ltr" | "rtl";
}

/** The parameters of `path` under a route pattern of literal and `:name` segments. */
function paramsOf(pattern: string, path: string): Record<string, string> {
  const at = path.split("/");
  return Object.fromEntries(
    pattern.split("/").flatMap((segment, i) => (segment.startsWith(":") ? [[segment.slice(1), at[i] ?? ""]] : [])),
  );
}

/** Every page the build prerenders: each route with `prerender`, at its path or at the paths it names. */
export function prerenderTargets(): PrerenderTarget[] {
  return appRoutes.flatMap((route) => {
    if (!route.prerender) return [];
    const paths = route.prerender === true ? [route.path] : route.prerender;
    return paths.map((path) => ({ path, route }));
  });
}

/** Renders one page in one language, with the deployment settings the build knows. */
export async function renderPage(target: PrerenderTarget, language: Language, settings: AppSettings): Promise<RenderedPage> {
  setRenderedSettings(settings);
  if (i18n.isInitialized) await i18n.changeLanguage(language);
  else await initI18n(language);
  await i18n.loadNamespaces(["common", target.route.ns]);
  const { prelude } = await prerender(
    <StrictMode>
      <App ssrPath={target.path} />
    </StrictMode>,
    // React outlines a boundary over 12,800 bytes and reveals it with an inline script, which the CSP
    // blocks (the help center stayed a spinner and hydration failed): every boundary stays in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const params = paramsOf(target.route.path, target.path);
  const t = i18n.getFixedT(language, target.route.ns);
  const text = (key: string | null) => (key ? t(key, { defaultValue: "" }) : "");
  return {
    html,
    title: text(pageTextKey(target.route.title, params)),
    description: text(pageTextKey(target.route.description, params)),
    siteName: settings.siteName || t("common:appName"),
    lang: language,
    dir: RTL_LANGUAGES.includes(language) ? "rtl" : "ltr",
  };
}
