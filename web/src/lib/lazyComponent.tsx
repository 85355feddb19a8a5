import { lazy, type ComponentType } from "react";

/** A promise that says whether it has settled (`status`) and with what (`value`). */
export type TrackedPromise<T> = Promise<T> & { status: "pending" | "fulfilled" | "rejected"; value?: T };

/** Marks `promise` with its state as it settles (a promise already marked is left as it is). */
export function tracked<T>(promise: Promise<T>): TrackedPromise<T> {
  if ("status" in promise) return promise as TrackedPromise<T>;
  const marked = Object.assign(promise, { status: "pending" as const }) as TrackedPromise<T>;
  marked.then(
    (value) => Object.assign(marked, { status: "fulfilled", value }),
    () => Object.assign(marked, { status: "rejected" }),
  );
  return marked;
}

const loads = new Map<() => Promise<unknown>, TrackedPromise<unknown>>();

/** Runs `load` once, whoever asks first (a prefetch or a render); a failed load may be asked again. */
export function loadOnce<T>(load: () => Promise<T>): TrackedPromise<T> {
  let promise = loads.get(load) as TrackedPromise<T> | undefined;
  if (!promise) {
    promise = tracked(load());
    loads.set(load, promise);
    promise.catch(() => loads.delete(load));
  }
  return promise;
}

/**
 * React.lazy, except that once its module has loaded (say, prefetched with `loadOnce(load)`) the
 * component renders at once. React.lazy suspends on its first render whatever the state of its
 * module, and each Suspense fallback shown and hidden holds back the next reveal by 300 ms.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(() => loadOnce(load)) as unknown as ComponentType<P>;
  function Loaded(props: P) {
    const module = loadOnce(load);
    // The lazy one never shows its module: by the time it could, `module` says it has loaded.
    if (module.status !== "fulfilled") return <Lazy {...props} />;
    const Component = module.value!.default;
    return <Component {...props} />;
  }
  return Loaded;
}
