import { useEffect, useRef } from "react";
import { useLocation, useRouter } from "wouter";
import { guardRedirect } from "./guard";
import { prefetchRoute } from "./prefetch";
import { resolvePath } from "./registry";
import { useSession } from "../providers/session";

/** How long the pointer rests on a link before it counts as intent (passing over a menu does not). */
export const HOVER_INTENT_MS = 60;

/** The in-app link an event happened on, if any (same origin, same tab, not a download). */
function appLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  return link.origin === window.location.origin ? link : null;
}

/**
 * Prefetches the page behind any in-app link (menu, buttons, cards) when the user shows the intent
 * to open it: the pointer rests on it, it gets the focus, or a finger touches it. The route's chunk,
 * translations and first calls start then (app/prefetch.ts), so the page is often ready by the
 * time the click lands. Routes the user may not open, and the page already shown, are left alone.
 */
export function useIntentPrefetch() {
  const router = useRouter();
  const [location] = useLocation();
  const { isLoggedIn, ability } = useSession();
  const latest = useRef({ router, location, isLoggedIn, ability });
  useEffect(() => {
    latest.current = { router, location, isLoggedIn, ability };
  });

  useEffect(() => {
    const prefetchLink = (link: HTMLAnchorElement) => {
      const { router, location, isLoggedIn, ability } = latest.current;
      const resolved = resolvePath(router.parser, link.pathname);
      if (!resolved || !("route" in resolved)) return;
      const here = resolvePath(router.parser, location);
      if (here && "route" in here && here.route.name === resolved.route.name) return;
      const can = (action: string, subject: string) => ability.can(action, subject);
      const search = link.search.replace(/^\?/, "");
      if (guardRedirect(resolved.route.meta, { isLoggedIn, can }, link.pathname, search)) return;
      prefetchRoute(resolved.route, { params: resolved.params, search: new URLSearchParams(search), can });
    };
    const resting = new Map<HTMLAnchorElement, ReturnType<typeof setTimeout>>();
    const onPointerOver = (event: PointerEvent) => {
      const link = appLink(event.target);
      if (!link || resting.has(link)) return;
      resting.set(
        link,
        setTimeout(() => {
          resting.delete(link);
          prefetchLink(link);
        }, HOVER_INTENT_MS),
      );
    };
    const onPointerOut = (event: PointerEvent) => {
      const link = appLink(event.target);
      if (!link || (event.relatedTarget instanceof Node && link.contains(event.relatedTarget))) return;
      clearTimeout(resting.get(link));
      resting.delete(link);
    };
    const onIntent = (event: Event) => {
      const link = appLink(event.target);
      if (link) prefetchLink(link);
    };
    document.addEventListener("pointerover", onPointerOver);
    document.addEventListener("pointerout", onPointerOut);
    document.addEventListener("focusin", onIntent);
    document.addEventListener("touchstart", onIntent, { passive: true });
    return () => {
      document.removeEventListener("pointerover", onPointerOver);
      document.removeEventListener("pointerout", onPointerOut);
      document.removeEventListener("focusin", onIntent);
      document.removeEventListener("touchstart", onIntent);
      resting.forEach((timer) => clearTimeout(timer));
    };
  }, []);
}
