import { useEffect, useRef } from "react";
import { useLocation, useRouter } from "wouter";
import type { IntentState } from "./intentListener";
import { useSession } from "../providers/session";

/**
 * Prefetches the page behind any in-app link (menu, buttons, cards) when the user shows the intent
 * to open it: the pointer rests on it (HOVER_INTENT_MS), it gets the focus, or a finger touches it. The
 * route's chunk, translations and first calls start then (app/prefetch.ts), so the page is often ready by
 * the time the click lands. Routes the user may not open, and the page already shown, are left alone. The
 * listeners (./intentListener.ts) load after the first render: /login's first load has no room to spare.
 */
export function useIntentPrefetch() {
  const router = useRouter();
  const [location] = useLocation();
  const { isLoggedIn, ability } = useSession();
  const latest = useRef<IntentState>({ router, location, isLoggedIn, ability });
  useEffect(() => {
    latest.current = { router, location, isLoggedIn, ability };
  });

  useEffect(() => {
    let stop: (() => void) | undefined;
    let mounted = true;
    void import("./intentListener").then(({ listenForIntent }) => {
      if (mounted) stop = listenForIntent(latest);
    });
    return () => {
      mounted = false;
      stop?.();
    };
  }, []);
}
