import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { useFocusTrap } from "../../../hooks/useFocusTrap";
import { formatCount, formatDate, formatMoney } from "../../../lib/format";
import { fetchCurrentSubscription, fetchOffers } from "../api";

/** A purchase, or a move of the running subscription to another item (a plan change, prorated). */
export type UpgradeChoice =
  | { kind: "item" | "bundle"; refId: number; label: string }
  | { kind: "change"; subscriptionId: number; fromLabel: string; refId: number; label: string };

interface Props {
  onClose: () => void;
  onChoose: (choice: UpgradeChoice) => void;
}

/**
 * The plan upgrade dialog: active items (subscriptions) and bundles (points) to buy now; with a running
 * subscription, another item is a plan change (decision 0027), priced before paying. Focus moves in
 * and stays inside; Escape, Close and the backdrop close it, and focus goes back to the opening button.
 */
export function UpgradeDialog({ onClose, onChoose }: Props) {
  const { t } = useTranslation("profile");
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const offers = useSWR("profile-offers", fetchOffers);
  // Without a running subscription (or when it cannot be read) items are bought as before.
  const current = useSWR("profile-current-subscription", fetchCurrentSubscription).data ?? null;
  useFocusTrap(box, true, onClose);

  let body;
  if (offers.error && !offers.data) body = <ErrorState onRetry={() => void offers.mutate()} />;
  else if (!offers.data) body = <Loading />;
  else if (offers.data.items.length + offers.data.bundles.length === 0) body = <Empty text={t("noOffers")} />;
  else {
    body = (
      <div className="flex flex-col gap-4">
        {offers.data.items.length > 0 && (
          <section>
            <h3 className="mb-2 font-medium">{t("plans")}</h3>
            {current && (
              <p className="mb-2 text-sm text-base-content/70">
                {t("switchHint", { name: current.itemName, date: formatDate(current.endsAt) })}
              </p>
            )}
            <ul className="grid gap-2 sm:grid-cols-2">
              {offers.data.items.map((item) => (
                <li key={item.itemId} className="card card-border bg-base-100">
                  <div className="card-body gap-1 p-4">
                    <span className="font-semibold">{item.itemName}</span>
                    <span className="text-sm text-base-content/70">{formatCount("days", item.itemDuration)}</span>
                    <span>{formatMoney(item.itemPrice)}</span>
                    {current?.itemId === item.itemId ? (
                      <span className="badge badge-outline mt-2">{t("yourPlan")}</span>
                    ) : current ? (
                      <button
                        type="button"
                        className="btn btn-primary btn-sm mt-2"
                        onClick={() =>
                          onChoose({
                            kind: "change",
                            subscriptionId: current.subscriptionId,
                            fromLabel: current.itemName,
                            refId: item.itemId,
                            label: item.itemName,
                          })
                        }
                      >
                        {t("switchPlan")}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-primary btn-sm mt-2"
                        onClick={() => onChoose({ kind: "item", refId: item.itemId, label: item.itemName })}
                      >
                        {t("choose")}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}
        {offers.data.bundles.length > 0 && (
          <section>
            <h3 className="mb-2 font-medium">{t("bundles")}</h3>
            <ul className="grid gap-2 sm:grid-cols-2">
              {offers.data.bundles.map((bundle) => {
                const label = formatCount("points", bundle.bundlePoin);
                return (
                  <li key={bundle.bundleId} className="card card-border bg-base-100">
                    <div className="card-body gap-1 p-4">
                      <span className="font-semibold">{label}</span>
                      <span>{formatMoney(bundle.bundlePrice)}</span>
                      <button
                        type="button"
                        className="btn btn-primary btn-sm mt-2"
                        onClick={() => onChoose({ kind: "bundle", refId: bundle.bundleId, label })}
                      >
                        {t("choose")}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
    );
  }

  return (
    <div className="modal modal-open" role="presentation">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className="modal-box max-w-3xl outline-none"
      >
        <h2 id={`${id}-title`} className="mb-3 text-lg font-bold">
          {t("upgrade")}
        </h2>
        {body}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {t("close")}
          </button>
        </div>
      </div>
      <button type="button" className="modal-backdrop" aria-label={t("close")} onClick={onClose} />
    </div>
  );
}
