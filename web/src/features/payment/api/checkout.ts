import { api } from "../../../lib/api";
import type { LineKind } from "../types";

/** From the cart, or one product now ("buy now" skips the cart). */
export const checkout = (buyNow?: { kind: LineKind; refId: number }) => api("checkout", buyNow ?? {});
