import { useEffect, useSyncExternalStore } from "react";
import { api, type CallAnswer } from "../lib/api";

/** Deployment settings the page needs before anyone signs in (POST /api/app-settings). */
export type AppSettings = CallAnswer<"app-settings">;

export const FALLBACK_SETTINGS: AppSettings = {
  siteName: "",
  currency: "USD",
  languageSwitcher: false,
  turnstileSiteKey: null,
  termsUrl: null,
};

/**
 * A prerendered public page (web/prerender) carries the settings in `<meta name="app-settings">`: the
 * Worker writes the deployment's into `content` as it serves the page, and the build those the page was
 * rendered with into `data-rendered-with`. Hydration renders with the latter, so it matches the HTML,
 * then the page follows the former at once, without asking.
 */
function metaSettings(attribute: "content" | "data-rendered-with"): AppSettings | null {
  if (typeof document === "undefined") return null;
  const value = document.querySelector('meta[name="app-settings"]')?.getAttribute(attribute);
  if (!value) return null;
  try {
    return { ...FALLBACK_SETTINGS, ...(JSON.parse(value) as Partial<AppSettings>) };
  } catch {
    return null;
  }
}

// Fetched once per page load. Not through SWR on purpose: SWR is not part of the /login first load.
let loaded: AppSettings | null = metaSettings("content");
let renderedWith: AppSettings = metaSettings("data-rendered-with") ?? FALLBACK_SETTINGS;
let request: Promise<AppSettings> | null = loaded ? Promise.resolve(loaded) : null;
const listeners = new Set<() => void>();

/** The settings a prerender renders with (the build's; there is no page to read them from). */
export function setRenderedSettings(settings: AppSettings) {
  renderedWith = settings;
}

export function loadAppSettings(): Promise<AppSettings> {
  request ??= api("app-settings").then(
    (answer) => {
      loaded = answer;
      listeners.forEach((listener) => listener());
      return answer;
    },
    () => {
      console.error("Network response was not ok");
      request = null;
      return FALLBACK_SETTINGS;
    },
  );
  return request;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The settings; until they arrive, the defaults (the language switcher stays hidden). */
export function useAppSettings(): AppSettings {
  const settings = useSyncExternalStore(
    subscribe,
    () => loaded ?? FALLBACK_SETTINGS,
    () => renderedWith,
  );
  useEffect(() => {
    if (!loaded) void loadAppSettings();
  }, []);
  return settings;
}
