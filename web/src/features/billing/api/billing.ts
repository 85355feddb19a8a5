import type { ListRow } from "../../../lib/api";

/** The list calls of the billing tab (the caller's own rows). */
export const SEARCH_SUBSCRIPTION = "search-subscription";
export const SEARCH_PAYMENT = "search-payment";

export type Subscription = ListRow<typeof SEARCH_SUBSCRIPTION>;
export type Payment = ListRow<typeof SEARCH_PAYMENT>;
export type PaymentStatus = Payment["status"];
