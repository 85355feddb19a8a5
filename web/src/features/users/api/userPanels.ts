import { api, type ListAnswer } from "../../../lib/api";
import type { JobRow, PaymentRow, QuotaAnswer, SessionRow, SubscriptionRow, User } from "../types";

/** The calls behind the user view's panels; each panel fails (and retries) on its own. */
export const panelCalls = {
  user: (userId: number) => api<ListAnswer<User>>("searchuser", { userId, limit: 1 }).then((list) => list.data[0] ?? null),
  quota: (userId: number) => api<QuotaAnswer>("search-quota", { userId, limit: 10, page: 1 }),
  subscriptions: (userId: number) =>
    api<{ data?: SubscriptionRow[] } | SubscriptionRow[]>("search-subscription", { userId }).then((answer) =>
      Array.isArray(answer) ? answer : (answer.data ?? []),
    ),
  jobs: (userId: number) => api<ListAnswer<JobRow>>("search-history", { userId, search: "", page: 1, limit: 10 }),
  payments: (userId: number) => api<ListAnswer<PaymentRow>>("search-payment", { userId, search: "", page: 1, limit: 10 }),
  sessions: (userId: number) => api<ListAnswer<SessionRow>>("search-session", { userId, page: 1, limit: 20 }),
};
