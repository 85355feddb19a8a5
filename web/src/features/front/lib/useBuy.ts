import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useSession } from "../../../providers/session";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { checkout, type ProductKind } from "../../../lib/cart";

/** Where an anonymous buyer is sent to sign in, and back to afterwards. */
export const SIGN_IN_TO_BUY = `/login?to=${encodeURIComponent("/pages/pricing")}`;

/**
 * "Buy": a signed-in user gets a payment for this one product and goes to its payment page; an
 * anonymous visitor goes to sign in first. `pending` names the product being bought ("bundle:3").
 */
export function useBuy(signInTarget = SIGN_IN_TO_BUY) {
  const { t } = useTranslation("front");
  const { isLoggedIn } = useSession();
  const [, navigate] = useLocation();
  const snackbar = useSnackbar();
  const [pending, setPending] = useState<string | null>(null);

  const buy = useCallback(
    async (kind: ProductKind, refId: number) => {
      if (!isLoggedIn) {
        navigate(signInTarget);
        return;
      }
      setPending(`${kind}:${refId}`);
      try {
        const answer = await checkout({ kind, refId });
        navigate(`/payment/${encodeURIComponent(answer.referenceId)}`);
      } catch (error) {
        setPending(null);
        snackbar.error(t("pricing.buyFailed") + (error instanceof ApiError ? error.message : t("pricing.buyFailedDefault")));
      }
    },
    [isLoggedIn, navigate, signInTarget, snackbar, t],
  );

  return { buy, pending, isLoggedIn };
}
