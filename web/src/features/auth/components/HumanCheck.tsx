import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";

/** Cloudflare Turnstile's widget API, as its script defines it (explicit rendering). */
interface TurnstileApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      language?: string;
      callback: (token: string) => void;
      "expired-callback": () => void;
      "error-callback": () => void;
    },
  ): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

let loading: Promise<TurnstileApi> | null = null;

/** Loads Turnstile's script once, only on a page that shows the check. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not start")));
    script.onerror = () => {
      loading = null;
      reject(new Error("Turnstile did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/** Cloudflare Turnstile's widget: hands its token to `onToken` (null when it expires or fails). */
function HumanCheck({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const { t, i18n } = useTranslation("auth");
  const box = useRef<HTMLDivElement>(null);
  const tokenTo = useRef(onToken);
  tokenTo.current = onToken;
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let widget: string | null = null;
    let live = true;
    loadTurnstile().then(
      (turnstile) => {
        if (!live || !box.current) return;
        widget = turnstile.render(box.current, {
          sitekey: siteKey,
          language: i18n.language,
          callback: (token) => tokenTo.current(token),
          "expired-callback": () => tokenTo.current(null),
          "error-callback": () => tokenTo.current(null),
        });
      },
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
      if (widget !== null) window.turnstile?.remove(widget);
    };
  }, [siteKey, i18n.language]);
  return (
    <div role="group" aria-label={t("humanCheck")} className="min-h-16">
      <div ref={box} />
      {unavailable && (
        <p role="alert" className="text-sm text-error">
          {t("humanCheckUnavailable")}
        </p>
      )}
    </div>
  );
}

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
      <HumanCheck key={round} siteKey={siteKey} onToken={setToken} />
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
