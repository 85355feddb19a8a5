import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import { formatCount } from "../../../lib/format";
import { CART_KEY, searchCart } from "../../../lib/cart";

/** The navbar's cart button with the number of products in the cart; hidden for who cannot buy. */
export default function CartBadge() {
  const { t } = useTranslation("cart");
  const { ability } = useSession();
  const canBuy = ability.can("create", "Payment") && ability.can("update", "Cart");
  const cart = useSWR(canBuy ? CART_KEY : null, searchCart, { onError: () => console.error("Network response was not ok") });
  if (!canBuy) return null;
  // Named "Cart: 1 product" in every state: while loading and after a failure it counts nothing yet.
  const count = cart.data?.amounts.count ?? 0;
  return (
    <Link
      href="/payment/payment"
      className="btn btn-ghost btn-circle"
      aria-label={t("badgeLabel", { products: formatCount("products", count) })}
    >
      <div className="indicator">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <path d="M4 19a2 2 0 1 0 4 0 2 2 0 1 0-4 0M15 19a2 2 0 1 0 4 0 2 2 0 1 0-4 0M17 17H6V3H4M6 5l14 1-1 7H6" />
        </svg>
        {count > 0 && (
          <span className="badge badge-primary badge-xs indicator-item" data-testid="cart-count">
            {count}
          </span>
        )}
      </div>
    </Link>
  );
}
