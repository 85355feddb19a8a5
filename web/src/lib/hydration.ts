import { useSyncExternalStore } from "react";

const neverChanges = () => () => undefined;

/**
 * True while the build prerenders a page and while the browser hydrates it (web/prerender.ts): a
 * page showing data renders its empty frame then, exactly as the prerendered HTML has it, and its data
 * right after. False in every other render, so pages the app renders itself show their data at once.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
}
