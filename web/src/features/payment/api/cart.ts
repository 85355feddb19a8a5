import { api } from "../../../lib/api";
import type { LineKind } from "../types";

/** SWR key of the caller's cart; the navbar badge uses the same key, so both refresh together. */
export const CART_KEY = "cart";

export const searchCart = () => api("searchcart");

export const updateCart = (kind: LineKind, refId: number, qty: number) => api("updatecart", { kind, refId, qty });
