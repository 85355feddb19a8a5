import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { FormError } from "../../../components/FormField";
import { api, ApiError } from "../../../lib/api";
import { useHydrating } from "../../../lib/hydration";
import type { LoginAnswer } from "../api";
import { usePasskeyTexts } from "./passkeyTexts";

type SignedIn = Exclude<LoginAnswer, { twoFactorRequired: true }>;

// The calls go straight to lib/api, not through ../api: that module is in /login's first load, and a module
// imported by this chunk too would become a chunk of its own there.
const requestOptions = async () =>
  (await api("passkey-login-options")).options as unknown as PublicKeyCredentialRequestOptionsJSON;

/** The browser said no: the user closed its dialog, or no passkey of this site was there. */
const dismissed = (error: unknown) => error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/**
 * Sign-in with a passkey, loaded apart from the login page (its first load stays in budget): the
 * browser's autofill offers passkeys in the email field (conditional mediation), and the button asks
 * for one directly.
 */
export default function PasskeySignIn({
  rememberMe,
  onSignedIn,
  place,
}: {
  rememberMe: boolean;
  onSignedIn: (answer: SignedIn) => void;
  /** What stands in the button's place while the page is prerendered and hydrated (WebAuthn is unknown there). */
  place: ReactNode;
}) {
  const hydrating = useHydrating();
  const t = usePasskeyTexts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The autofill ceremony starts once, and finishes with whatever the box says by then.
  const remembered = useRef(rememberMe);
  remembered.current = rememberMe;
  const done = useRef(onSignedIn);
  done.current = onSignedIn;

  const finish = async (optionsJSON: PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: boolean) => {
    const response = await startAuthentication({ optionsJSON, useBrowserAutofill });
    setBusy(true);
    try {
      done.current(await api("passkey-login", { response, rememberMe: remembered.current }));
    } finally {
      setBusy(false);
    }
  };

  const report = (failure: unknown) => {
    if (dismissed(failure)) return;
    setError(failure instanceof ApiError ? failure.message : t("passkeyFailed"));
  };

  useEffect(() => {
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      await finish(await requestOptions(), true);
    })().catch((failure: unknown) => {
      // Nobody asked for the autofill: only the server's answer to a passkey the user picked is worth saying.
      if (failure instanceof ApiError) report(failure);
    });
    return () => WebAuthnAbortService.cancelCeremony();
    // Once per visit of the page: finish and report read the latest props through refs and setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (hydrating) return place;
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="flex flex-col gap-2">
      <FormError text={error} />
      <button
        type="button"
        className="btn btn-outline"
        disabled={busy}
        onClick={() => {
          setError(null);
          // Starting a new ceremony cancels the pending autofill one (WebAuthnAbortService).
          void requestOptions()
            .then((options) => finish(options, false))
            .catch(report);
        }}
      >
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t("passkeySignIn")}
      </button>
    </div>
  );
}
