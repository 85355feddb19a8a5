import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { signedInHome } from "../../../lib/home";
import { useSession } from "../../../providers/session";
import { tourState, updateTour } from "../api";
import type { TourRun } from "../lib/runTour";

/**
 * An automated browser (WebDriver, Playwright, a crawler) never reads a tour, and its overlay would stand
 * between the script and the page: the tour does not start by itself there (decision 0021).
 */
const automated = () => typeof navigator !== "undefined" && navigator.webdriver === true;

/** Who already had the tour in this tab: a second visit home does not ask again. */
const asked = new Set<string>();

/** After the page's first paint, when the browser is idle (or a moment later without requestIdleCallback). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 500);
  return () => window.clearTimeout(handle);
}

/**
 * The first sign-in tour (issue 43): on the role's home page, once per user and role. It draws nothing; it
 * asks tour-state only on the home page, loads driver.js only when the tour is to run, and remembers it
 * server-side once finished or skipped, so it does not come back on another device.
 */
export default function FirstTour() {
  const { t } = useTranslation("tour");
  const { userData } = useSession();
  const [location] = useLocation();
  const role = userData?.role ?? null;
  const who = userData && role ? `${userData.userId}:${role}` : null;
  const atHome = role !== null && location === signedInHome(role);

  useEffect(() => {
    if (!who || !role || !atHome || asked.has(who) || automated()) return;
    let cancelled = false;
    let run: TourRun | undefined;
    const stopWaiting = whenIdle(() => {
      void (async () => {
        const state = await tourState();
        if (cancelled || state.seen) return;
        const { runTour } = await import("../lib/runTour");
        if (cancelled) return;
        asked.add(who);
        run = await runTour(t, role, () => void updateTour(true).catch(() => asked.delete(who)));
      })().catch(() => undefined);
    });
    return () => {
      cancelled = true;
      stopWaiting();
      run?.stop();
    };
  }, [who, role, atHome, t]);

  return null;
}
