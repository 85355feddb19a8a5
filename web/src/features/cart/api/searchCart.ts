import { api } from "../../../lib/api";

/** The same SWR key as the checkout page, so the badge follows every cart change made there. */
export const CART_KEY = "cart";

export interface CartSummary {
  amounts: { count: number; total: number; currency: string };
}

export const searchCart = () => api<CartSummary>("searchcart");
