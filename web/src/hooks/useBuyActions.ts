import { useState } from "react";
import { useSWRConfig } from "swr";
import { useLocation } from "wouter";
import { ApiError } from "../lib/api";
import { CART_KEY, checkout, updateCart, type ProductKind } from "../lib/cart";
import { useSnackbar } from "../lib/snackbar";

interface Options {
  /** What the shop's cards sell. */
  kind: ProductKind;
  /** Failure notices: the prefix + the server's text, or + `failedDefault` when there is none. */
  cartFailed: string;
  buyFailed: string;
  failedDefault: string;
}

/**
 * "Add to cart" and "Buy" on a shop card: one at a time (`pending` is the card's id), the cart badge
 * refreshed after adding, the payment page opened after buying.
 */
export function useBuyActions({ kind, cartFailed, buyFailed, failedDefault }: Options) {
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<number | null>(null);
  const reason = (error: unknown) => (error instanceof ApiError ? error.message : failedDefault);

  async function add(refId: number) {
    setPending(refId);
    try {
      snackbar.success((await updateCart(kind, refId, 1)).message);
      void mutate(CART_KEY);
    } catch (error) {
      snackbar.error(cartFailed + reason(error));
    } finally {
      setPending(null);
    }
  }

  async function buy(refId: number) {
    setPending(refId);
    try {
      const answer = await checkout({ kind, refId });
      // Stays pending while the payment page opens, so no second purchase starts.
      navigate(`/payment/${encodeURIComponent(answer.referenceId)}`);
    } catch (error) {
      setPending(null);
      snackbar.error(buyFailed + reason(error));
    }
  }

  return { pending, addToCart: add, buyNow: buy };
}
