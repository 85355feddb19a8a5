/**
 * Cloudflare Turnstile's widget and the loader of its script, in a chunk of their own: a sign-in page
 * loads them only when the check is shown (useHumanCheck), which it is not unless the operator turned it on.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

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
export default function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
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
