import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { useFocusTrap } from "../../../hooks/useFocusTrap";
import { formatCount, formatMoney } from "../../../lib/format";
import { fetchOffers } from "../api";

interface Props {
  onClose: () => void;
  onChoose: (choice: { kind: "item" | "bundle"; refId: number; label: string }) => void;
}

/**
 * The plan upgrade dialog: active items (subscriptions) and bundles (points) to buy now. Focus moves in
 * and stays inside; Escape, Close and the backdrop close it, and focus goes back to the opening button.
 */
export function UpgradeDialog({ onClose, onChoose }: Props) {
  const { t } = useTranslation("profile");
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const offers = useSWR("profile-offers", fetchOffers);
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
            <ul className="grid gap-2 sm:grid-cols-2">
              {offers.data.items.map((item) => (
                <li key={item.itemId} className="card card-border bg-base-100">
                  <div className="card-body gap-1 p-4">
                    <span className="font-semibold">{item.itemName}</span>
                    <span className="text-sm text-base-content/70">{formatCount("days", item.itemDuration)}</span>
                    <span>{formatMoney(item.itemPrice)}</span>
                    <button
                      type="button"
                      className="btn btn-primary btn-sm mt-2"
                      onClick={() => onChoose({ kind: "item", refId: item.itemId, label: item.itemName })}
                    >
                      {t("choose")}
                    </button>
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
