/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
import { api } from "../../lib/api";

/** Opens (or reuses) the payment's Stripe Checkout Session; the page then goes to its `url`. */
export const startCardPayment = (referenceId: string) => api("start-card-payment", { referenceId });
