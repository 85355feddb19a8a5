import { api } from "../../../lib/api";

/** The same SWR key as the checkout page, so the badge follows every cart change made there. */
export const CART_KEY = "cart";

export const searchCart = () => api("searchcart");
