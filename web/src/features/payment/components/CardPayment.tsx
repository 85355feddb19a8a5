import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { useFocusBackAfterFailure } from "../../../hooks/useFocusBackAfterFailure";
import { ApiError, networkText } from "../../../lib/api";
import { startCardPayment } from "../api";

/**
 * "Pay by card": opens the payment's Stripe Checkout page. No card number ever reaches this page or
 * the Worker. A payment already paid by card and waiting for Stripe's confirmation tells the parent.
 */
export function CardPayment({ referenceId, onProcessing }: { referenceId: string; onProcessing: () => void }) {
  const { t } = useTranslation("payment");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  useFocusBackAfterFailure(button, error);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const answer = await startCardPayment(referenceId);
      window.location.assign(answer.url);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === "card_processing") onProcessing();
      else setError(err instanceof ApiError ? err.message : networkText());
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-base-content/70">{t("cardHelp")}</p>
      {error && (
        <div role="alert" className="alert alert-error alert-soft">
          {error}
        </div>
      )}
      <button ref={button} type="button" className="btn btn-primary" disabled={busy} onClick={() => void pay()}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon name="credit-card" />}
        {t("payByCard")}
      </button>
    </div>
  );
}
