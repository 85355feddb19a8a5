import { useTranslation } from "react-i18next";
import { formatLineName, formatMoney, formatNumber } from "../../../lib/format";
import type { PaymentDetail } from "../types";
import { Countdown } from "./Countdown";

/**
 * What the payment is for: its lines, the amount and, while it waits for the money, the time left to pay.
 * Once a proof is in (awaiting_confirmation) the payment no longer expires, so it shows no countdown.
 */
export function OrderSummary({ payment: p, open, onExpired }: { payment: PaymentDetail; open: boolean; onExpired: () => void }) {
  const { t } = useTranslation("payment");
  return (
    <section className="card bg-base-100 shadow-sm">
      <div className="card-body">
        <h2 className="card-title">{t("summary")}</h2>
        <ul className="divide-y divide-base-200">
          {p.lines.map((line, i) => (
            <li key={`${line.kind}-${line.refId}-${i}`} className="flex justify-between gap-3 py-2">
              <span>
                {formatNumber(line.qty)} × {formatLineName(line)}
              </span>
              <span>{formatMoney(line.lineTotal, p.currency)}</span>
            </li>
          ))}
        </ul>
        <div className="flex justify-between text-xl font-semibold">
          <span>{t("amountDue")}</span>
          <span data-testid="payment-amount">{formatMoney(p.amount, p.currency)}</span>
        </div>
        {open && p.status === "awaiting_confirmation" && (
          <p className="rounded-box bg-base-200 p-3" data-testid="payment-no-expiry">
            {t("awaitingNoExpiry")}
          </p>
        )}
        {open && p.status !== "awaiting_confirmation" && (
          <div className="flex items-center justify-between gap-2 rounded-box bg-base-200 p-3">
            <span>{t("expiresIn")}</span>
            <Countdown until={p.expiresAt} onExpired={onExpired} />
          </div>
        )}
      </div>
    </section>
  );
}
