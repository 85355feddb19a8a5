import { Suspense, useState, type ReactNode } from "react";
import { ApiError } from "../../../lib/api";
import { lazyComponent } from "../../../lib/lazyComponent";

const TurnstileWidget = lazyComponent(() => import("./TurnstileWidget"));

export interface HumanCheckState {
  /** The token to send, when the check is shown and passed. */
  token: string | undefined;
  /** The widget, when it is to be shown. */
  element: ReactNode;
  /** After each send: a token works once, so the widget starts again; a refusal asking for one shows it. */
  after: (error?: unknown) => void;
}

/**
 * Cloudflare Turnstile on a form, when the operator turned it on (`siteKey`): shown from the start
 * (`always`: register, forgot-password) or once the server asks for it (`turnstile_required`: sign-in).
 */
export function useHumanCheck(siteKey: string | null, always: boolean): HumanCheckState {
  const [asked, setAsked] = useState(always);
  const [round, setRound] = useState(0);
  const [token, setToken] = useState<string | null>(null);
  const shown = siteKey !== null && asked;
  // A prerendered page is rendered without the check (the build has no site key): its place is kept, shown
  // from the first paint when the Worker served the page with Turnstile on (<html data-human-check>), so the
  // widget arriving after hydration moves nothing.
  const reserved = siteKey === null && always;
  return {
    token: shown ? (token ?? undefined) : undefined,
    element: shown ? (
      // The widget's own place is kept while its chunk loads: nothing below moves.
      <Suspense fallback={<div className="min-h-16" />}>
        <TurnstileWidget key={round} siteKey={siteKey} onToken={setToken} />
      </Suspense>
    ) : reserved ? (
      <div aria-hidden="true" className="hidden min-h-16 in-data-human-check:block" />
    ) : null,
    after(error) {
      if (error instanceof ApiError && error.code.startsWith("turnstile_")) setAsked(true);
      setToken(null);
      setRound((r) => r + 1);
    },
  };
}
