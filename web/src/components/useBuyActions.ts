import { useState } from "react";
import { useSWRConfig } from "swr";
import { useLocation } from "wouter";
import { ApiError } from "../lib/api";
import { useSnackbar } from "./Snackbar";

interface Options {
  /** The feature's own calls (one file per call): add one to the cart, or buy one now. */
  addToCart: (refId: number) => Promise<{ message: string }>;
  checkout: (refId: number) => Promise<{ referenceId: string }>;
  /** The SWR key of the cart badge, reloaded after adding. */
  cartKey: string;
  /** Failure notices: the prefix + the server's text, or + `failedDefault` when there is none. */
  cartFailed: string;
  buyFailed: string;
  failedDefault: string;
}

/**
 * "Add to cart" and "Buy" on a shop card: one at a time (`pending` is the card's id), the cart badge
 * refreshed after adding, the payment page opened after buying.
 */
export function useBuyActions({ addToCart, checkout, cartKey, cartFailed, buyFailed, failedDefault }: Options) {
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<number | null>(null);
  const reason = (error: unknown) => (error instanceof ApiError ? error.message : failedDefault);

  async function add(refId: number) {
    setPending(refId);
    try {
      snackbar.success((await addToCart(refId)).message);
      void mutate(cartKey);
    } catch (error) {
      snackbar.error(cartFailed + reason(error));
    } finally {
      setPending(null);
    }
  }

  async function buy(refId: number) {
    setPending(refId);
    try {
      const answer = await checkout(refId);
      // Stays pending while the payment page opens, so no second purchase starts.
      navigate(`/payment/${encodeURIComponent(answer.referenceId)}`);
    } catch (error) {
      setPending(null);
      snackbar.error(buyFailed + reason(error));
    }
  }

  return { pending, addToCart: add, buyNow: buy };
}
