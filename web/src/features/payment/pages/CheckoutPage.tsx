import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR, { useSWRConfig } from "swr";
import { Link, useLocation, useSearch } from "wouter";
import { useConfirm } from "../../../components/ConfirmDialog";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { formatLineName, formatMoney, formatNumber } from "../../../lib/format";
import { startCardPayment } from "../api";
import { CART_KEY, checkout, searchCart, updateCart, type ProductKind } from "../../../lib/cart";
import { paymentDetailKey } from "../api";
import { MethodChoice, type PayMethod } from "../components/MethodChoice";
import type { CartLine } from "../types";

/** `?kind=bundle&refId=3` buys that one product now, skipping the cart (shop, bundle cards, plan upgrade). */
function buyNowFrom(search: string): { kind: ProductKind; refId: number } | null {
  const query = new URLSearchParams(search);
  const kind = query.get("kind");
  const refId = Number(query.get("refId"));
  return (kind === "item" || kind === "bundle") && Number.isInteger(refId) && refId > 0 ? { kind, refId } : null;
}

export default function CheckoutPage() {
  const { t } = useTranslation("payment");
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const buyNow = buyNowFrom(useSearch());
  const cart = useSWR(CART_KEY, searchCart);
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<PayMethod | null>(null);
  // Card is offered (and the first choice) only when the server says card payments are on.
  const method: PayMethod = cart.data?.payByCard ? (chosen ?? "card") : "transfer";

  // The payment page comes next: its code loads while the buyer looks at the cart.
  useEffect(() => {
    void import("./PaymentPage");
  }, []);

  const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "");

  async function setQty(line: CartLine, qty: number) {
    if (qty === 0) {
      const ok = await confirm({
        title: t("removeTitle"),
        text: t("removeText", { name: formatLineName(line) }),
        confirmText: t("remove"),
      });
      if (!ok) return;
    }
    try {
      const answer = await updateCart(line.kind, line.refId, qty);
      await cart.mutate(answer, { revalidate: false });
    } catch (error) {
      snackbar.error(t("cartFailed") + errorText(error));
    }
  }

  async function placeOrder() {
    setBusy(true);
    let referenceId: string;
    try {
      const answer = await checkout(buyNow ?? undefined);
      referenceId = answer.referenceId;
      // The payment page renders from this answer at once instead of asking again.
      await mutate(paymentDetailKey(referenceId), answer.payment, { revalidate: false });
      if (!buyNow) await cart.mutate();
      if (method === "transfer") snackbar.success(answer.message);
    } catch (error) {
      snackbar.error(t("checkoutFailed") + errorText(error));
      setBusy(false);
      return;
    }
    if (method === "card") {
      try {
        const started = await startCardPayment(referenceId);
        window.location.assign(started.url);
        return;
      } catch (error) {
        // The order stands: its page offers card and transfer again.
        snackbar.error(t("cardFailed") + errorText(error));
      }
    }
    setBusy(false);
    navigate(`/payment/${referenceId}`);
  }

  if (cart.error && !cart.data) return <ErrorState onRetry={() => void cart.mutate()} />;
  if (!cart.data) return <Loading />;
  const { carts, amounts, bank, payByCard } = cart.data;
  const unavailable = carts.some((c) => !c.available);
  const canOrder = buyNow !== null || (carts.length > 0 && !unavailable);

  return (
    <section className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="card bg-base-100 shadow-sm lg:col-span-2">
        <div className="card-body">
          <h1 className="card-title text-2xl">{buyNow ? t("buyNowTitle") : t("cartTitle")}</h1>
          {buyNow ? (
            <p>{t("buyNowText")}</p>
          ) : carts.length === 0 ? (
            <Empty text={t("cartEmpty")}>
              <Link href="/portal/bundle" className="btn btn-primary btn-sm">
                {t("browseBundles")}
              </Link>
              <Link href="/portal/item" className="btn btn-ghost btn-sm">
                {t("browseItems")}
              </Link>
            </Empty>
          ) : (
            // On a phone (below sm) each row is a block: the product, then its quantity, total and Remove on one
            // line, so nothing needs a sideways scroll; from sm up, a table.
            <div className="sm:overflow-x-auto">
              <table className="table max-sm:block">
                <caption className="sr-only">{t("cartTitle")}</caption>
                <thead className="max-sm:hidden">
                  <tr>
                    <th>{t("colProduct")}</th>
                    <th className="text-end">{t("colPrice")}</th>
                    <th className="text-center">{t("colQty")}</th>
                    <th className="text-end">{t("colTotal")}</th>
                    <th />
                  </tr>
                </thead>
                <tbody className="max-sm:block">
                  {carts.map((line) => (
                    <tr
                      key={line.cartId}
                      className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-3"
                    >
                      <td className="max-sm:basis-full max-sm:p-0">
                        <div className="font-medium">{formatLineName(line) || t("unknownProduct")}</div>
                        <div className="text-sm text-base-content/70">{t(`kind.${line.kind}`)}</div>
                        {!line.available && <span className="badge badge-warning badge-sm">{t("notOnSale")}</span>}
                      </td>
                      <td className="text-end max-sm:hidden">{formatMoney(line.unitPrice, amounts.currency)}</td>
                      <td className="max-sm:p-0">
                        <div className="join justify-center">
                          <button
                            type="button"
                            className="btn btn-xs join-item"
                            aria-label={t("decrease", { name: formatLineName(line) })}
                            onClick={() => void setQty(line, line.qty - 1)}
                          >
                            −
                          </button>
                          <span className="join-item flex min-w-8 items-center justify-center px-2" aria-live="polite">
                            {formatNumber(line.qty)}
                          </span>
                          <button
                            type="button"
                            className="btn btn-xs join-item"
                            aria-label={t("increase", { name: formatLineName(line) })}
                            disabled={line.qty >= 100 || !line.available}
                            onClick={() => void setQty(line, line.qty + 1)}
                          >
                            +
                          </button>
                        </div>
                      </td>
                      <td className="text-end font-semibold max-sm:ms-auto max-sm:p-0" data-testid="line-total">
                        {formatMoney(line.lineTotal, amounts.currency)}
                      </td>
                      <td className="text-end max-sm:p-0">
                        <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => void setQty(line, 0)}>
                          {t("remove")}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {unavailable && !buyNow && (
            <div role="alert" className="alert alert-warning alert-soft">
              {t("removeUnavailable")}
            </div>
          )}
        </div>
      </div>
      <aside className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h2 className="card-title">{t("paymentMethod")}</h2>
          <MethodChoice bank={bank} payByCard={payByCard} method={method} onChange={setChosen} />
          {!buyNow && (
            <dl className="flex justify-between text-lg font-semibold">
              <dt>{t("total")}</dt>
              <dd>{formatMoney(amounts.total, amounts.currency)}</dd>
            </dl>
          )}
          <button type="button" className="btn btn-primary" disabled={!canOrder || busy} onClick={() => void placeOrder()}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {method === "card" ? t("placeOrderCard") : t("placeOrder")}
          </button>
        </div>
      </aside>
    </section>
  );
}
