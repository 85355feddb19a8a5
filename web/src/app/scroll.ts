import { useEffect } from "react";
import { useLocation } from "wouter";
import { HASH_SCROLL_OFFSET } from "../providers/config";

/** Scrolls smoothly to the element a hash names, leaving room for the sticky navbar (spec: offset 60). */
export function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return false;
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET;
  window.scrollTo({ top, behavior: "smooth" });
  return true;
}

/**
 * Scroll behaviour of navigation: to the hash's element when the address has one, else to the top.
 * Same-page hash links are handled here too, so they get the offset and keep the address in step.
 */
export function useScrollBehaviour() {
  const [location] = useLocation();

  useEffect(() => {
    if (window.location.hash && scrollToHash(window.location.hash)) return;
    window.scrollTo({ top: 0 });
  }, [location]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href^='#']");
      const hash = anchor?.getAttribute("href");
      if (!hash || hash === "#") return;
      if (scrollToHash(hash)) {
        event.preventDefault();
        history.replaceState(history.state, "", hash);
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
}
