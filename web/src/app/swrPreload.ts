import type { preload as swrPreload } from "swr";

type Preload = typeof swrPreload;

/** SWR's preload once its chunk is loaded: SWR stays out of the /login first load. */
let preload: Preload | null = null;
let loading: Promise<Preload> | null = null;

/** SWR's preload now, if its chunk has loaded (null before). */
export const loadedPreload = (): Preload | null => preload;

/** Loads SWR's chunk (once) and resolves with its preload. */
export function loadPreload(): Promise<Preload> {
  loading ??= import("swr").then((swr) => (preload = swr.preload));
  return loading;
}
