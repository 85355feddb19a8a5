import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { PageText } from "../lib/feature";
import { useAppSettings } from "../providers/settings";
import type { RegisteredRoute } from "./types";

/** The i18n key of a route's title or description for its path's parameters (null: it has none). */
export function pageTextKey(text: PageText | undefined, params: Record<string, string>): string | null {
  if (!text) return null;
  return typeof text === "function" ? text(params) : text;
}

/** What the browser's tab reads: "Invoices · Edge Portal", or the site's name alone. */
export function documentTitle(title: string, siteName: string): string {
  return title ? `${title} · ${siteName}` : siteName;
}

/** Sets the tab's title to the route's, in the reader's language (rendered with the page, in its Suspense). */
export function RouteTitle({ route, params }: { route: RegisteredRoute; params: Record<string, string> }) {
  const { t } = useTranslation(route.ns);
  const settings = useAppSettings();
  const key = pageTextKey(route.title, params);
  const title = key ? t(key, { defaultValue: "" }) : "";
  const siteName = settings.siteName || t("common:appName");
  useEffect(() => {
    document.title = documentTitle(title, siteName);
  }, [title, siteName]);
  return null;
}
