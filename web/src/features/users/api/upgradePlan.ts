import { api, type ListRow } from "../../../lib/api";

/** An item (plan) as the upgrade dialog offers it. */
export type PlanItem = ListRow<"searchitem">;

export const PLAN_ITEMS_KEY = "user-plan-items";

/** Every item, by name: the dialog offers the active ones. */
export const searchPlanItems = () => api("searchitem", { search: "", sort: "name", limit: 100, page: 1 });

/**
 * Grants or extends a plan: add-payment records a paid manual payment of `periods` × the item (an
 * invoice), and grants it in the same batch; an active subscription to the item is extended from its end.
 */
export const grantPlan = (body: { userId: number; itemId: number; periods: number; note: string }) =>
  api("add-payment", {
    userId: body.userId,
    lines: [{ kind: "item", refId: body.itemId, qty: body.periods }],
    note: body.note,
  });
