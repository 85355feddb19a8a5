/**
 * The calls web/preferences.js started before the app's code had arrived (the build names each
 * route's first calls in index.html, web/src/app/firstCallPlan.ts): `window.firstCalls`, by call name
 * and exact body. The app's own request for the same call and body takes the answer under way instead
 * of asking again, once, while it is fresh; anything else is asked as usual.
 */
export interface StartedCall {
  /** Date.now() when it was sent. */
  at: number;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    firstCalls?: Record<string, StartedCall>;
  }
}

/** How long an early answer is good for the page that asks (app/prefetch.ts's preloads keep it too). */
export const FIRST_CALL_MAX_AGE_MS = 10_000;

/** The key preferences.js files a call under: its name and its JSON body as sent. */
export const firstCallKey = (name: string, body: string) => `${name} ${body}`;

/** The answer of `name` with `body` if preferences.js started it and nobody took it yet (null otherwise). */
export function takeFirstCall(name: string, body: string): Promise<Response> | null {
  const started = typeof window === "undefined" ? undefined : window.firstCalls;
  const key = firstCallKey(name, body);
  const call = started?.[key];
  if (!call) return null;
  delete started[key];
  return Date.now() - call.at <= FIRST_CALL_MAX_AGE_MS ? call.answer : null;
}
