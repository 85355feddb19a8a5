import type { useRouter } from "wouter";
import { guardRedirect } from "./guard";
import { prefetchRoute } from "./prefetch";
import { resolvePath } from "./registry";
import type { AppAbility } from "../providers/session";

/** How long the pointer rests on a link before it counts as intent (passing over a menu does not). */
export const HOVER_INTENT_MS = 60;

/** What the listeners read when an intent shows: the router, the page shown and who is signed in, as now. */
export interface IntentState {
  router: ReturnType<typeof useRouter>;
  location: string;
  isLoggedIn: boolean;
  ability: AppAbility;
}

/** The in-app link an event happened on, if any (same origin, same tab, not a download). */
function appLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  return link.origin === window.location.origin ? link : null;
}

/**
 * Listens for the intent to open a link (useIntentPrefetch.ts says which): a module of its own, loaded
 * after the first render, since no first paint needs it. The answer removes the listeners.
 */
export function listenForIntent(latest: { current: IntentState }): () => void {
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
}
