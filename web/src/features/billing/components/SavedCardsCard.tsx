import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/DataTable";
import { ListView } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { ApiError } from "../../../lib/api";
import { useSnackbar } from "../../../lib/snackbar";
import { deletePaymentMethod, makeDefaultCard, SEARCH_PAYMENT_METHOD, startCardSetup, type SavedCard } from "../api";

/**
 * The client's saved cards: added on Stripe's own page (the card never touches the portal), removed
 * after a confirmation, one chosen as the card automatic renewals charge.
 */
export function SavedCardsCard() {
  const { t } = useTranslation("billing");
  const snackbar = useSnackbar();
  const [opening, setOpening] = useState(false);
  const cards = useListController({
    call: SEARCH_PAYMENT_METHOD,
    defaults: { limit: 100 },
    inUrl: false,
    // The call takes no paging: every card of the caller comes at once.
    body: () => ({}),
    remove: {
      ask: (card) => ({
        title: t("removeCardTitle"),
        text: t("removeCardText", { last4: card.last4 }),
        confirmText: t("removeCard"),
      }),
      call: (card) => deletePaymentMethod(card.paymentMethodId),
      failedPrefix: t("cardFailed"),
      failedDefault: t("saveFailedDefault"),
    },
  });

  const failed = (error: unknown) =>
    snackbar.error(t("cardFailed") + (error instanceof ApiError ? error.message : t("saveFailedDefault")));

  async function addCard() {
    setOpening(true);
    try {
      const { url } = await startCardSetup();
      window.location.assign(url);
    } catch (error) {
      failed(error);
      setOpening(false);
    }
  }

  async function choose(card: SavedCard) {
    try {
      snackbar.success((await makeDefaultCard(card.paymentMethodId)).message);
      await cards.reload();
    } catch (error) {
      failed(error);
    }
  }

  const columns: Column<SavedCard>[] = [
    {
      key: "card",
      header: t("colCard"),
      render: (card) => (
        <span className="font-medium" dir="ltr">
          {card.brand.toUpperCase()} •••• {card.last4}
        </span>
      ),
    },
    {
      key: "expiry",
      header: t("colExpires"),
      render: (card) => <span dir="ltr">{`${String(card.expMonth).padStart(2, "0")}/${card.expYear}`}</span>,
    },
    {
      key: "default",
      header: t("colDefault"),
      render: (card) =>
        card.isDefault ? (
          <span className="badge badge-success">{t("defaultCard")}</span>
        ) : (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => void choose(card)}>
            {t("makeDefault")}
          </button>
        ),
    },
    {
      key: "actions",
      header: t("common:actions"),
      className: "text-end",
      render: (card) => (
        <button
          type="button"
          className="btn btn-ghost btn-xs text-error"
          aria-label={`${t("removeCard")} ${card.last4}`}
          onClick={() => void cards.remove(card)}
        >
          {t("removeCard")}
        </button>
      ),
    },
  ];

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="card-title">{t("savedCards")}</h2>
          <button type="button" className="btn btn-primary btn-sm" disabled={opening} onClick={() => void addCard()}>
            {t("addCard")}
          </button>
        </div>
        <p className="text-sm text-base-content/70">{t("savedCardsHint")}</p>
        <ListView
          list={cards}
          caption={t("savedCards")}
          columns={columns}
          rowKey={(card) => card.paymentMethodId}
          emptyText={t("noCards")}
        />
      </div>
    </div>
  );
}
