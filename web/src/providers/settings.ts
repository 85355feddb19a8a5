import { useEffect, useState } from "react";
import { api, type CallAnswer } from "../lib/api";

/** Deployment settings the page needs before anyone signs in (POST /api/app-settings). */
export type AppSettings = CallAnswer<"app-settings">;

const FALLBACK: AppSettings = { siteName: "", currency: "USD", languageSwitcher: false, turnstileSiteKey: null, termsUrl: null };

// Fetched once per page load. Not through SWR on purpose: SWR is not part of the /login first load.
let loaded: AppSettings | null = null;
let request: Promise<AppSettings> | null = null;

export function loadAppSettings(): Promise<AppSettings> {
  request ??= api("app-settings").then(
    (answer) => (loaded = answer),
    () => {
      console.error("Network response was not ok");
      request = null;
      return FALLBACK;
    },
  );
  return request;
}

/** The settings; until they arrive, the defaults (the language switcher stays hidden). */
export function useAppSettings(): AppSettings {
  const [settings, setSettings] = useState<AppSettings>(loaded ?? FALLBACK);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadAppSettings().then((answer) => live && setSettings(answer));
    return () => {
      live = false;
    };
  }, []);
  return loaded ?? settings;
}
