import { useEffect, useState } from "react";
import type { Preferences } from "../../providers/config";

/** Below the nav breakpoint (styles.css `--breakpoint-nav`, 976 px) the menu is an overlay drawer. */
export const OVERLAY_NAV_QUERY = "(max-width: 975.98px)";

interface LayoutState {
  /** The window is scrolled away from the top. */
  scrolled: boolean;
  /** The viewport is below the nav breakpoint. */
  overlayNav: boolean;
}

/**
 * The layout wrapper's classes: the layout preferences, plus `window-scrolled` once the page is
 * scrolled (the sticky navbar takes its shadow and blur from it) and `layout-overlay-nav` below the
 * nav breakpoint (spec: layout classes follow the scroll position and the overlay-navigation breakpoint).
 */
export function layoutClasses(prefs: Preferences, state: LayoutState): string {
  const horizontal = prefs["nav-type"] === "horizontal";
  return [
    `layout-nav-${prefs["nav-type"]}`,
    `layout-navbar-${prefs["navbar-type"]}`,
    horizontal ? `layout-horizontal-nav-${prefs["horizontal-nav-type"]}` : "",
    `layout-footer-${prefs["footer-type"]}`,
    `layout-content-${prefs["content-width"]}`,
    !horizontal && prefs["nav-collapsed"] ? "layout-nav-collapsed" : "",
    state.scrolled ? "window-scrolled" : "",
    state.overlayNav ? "layout-overlay-nav" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function useWindowScrolled(): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > 0);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return scrolled;
}

const overlayQuery = () => (typeof window.matchMedia === "function" ? window.matchMedia(OVERLAY_NAV_QUERY) : null);

function useOverlayNav(): boolean {
  const [overlay, setOverlay] = useState(() => overlayQuery()?.matches ?? false);
  useEffect(() => {
    const media = overlayQuery();
    if (!media) return;
    const onChange = () => setOverlay(media.matches);
    onChange();
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
  return overlay;
}

/** The layout wrapper's classes, following the preferences, the scroll position and the viewport. */
export function useLayoutClasses(prefs: Preferences): string {
  return layoutClasses(prefs, { scrolled: useWindowScrolled(), overlayNav: useOverlayNav() });
}
