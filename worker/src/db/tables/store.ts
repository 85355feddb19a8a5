/** The store's roll-ups kept by triggers on payments (migration 0270). */

/** One row per customer with a payment: what search-customer shows of their payments. */
export interface CustomerTotalsTable {
  userId: number;
  /** What their paid payments kept: amount less refundedAmount, minor units. */
  lifetimeValue: number;
  /** Their paid payments (refunded ones included). */
  orders: number;
  lastOrderAt: string | null;
}

declare module "../schema" {
  interface Database {
    customer_totals: CustomerTotalsTable;
  }
}
