import { api } from "../../../lib/api";

/** The calls behind the user view's panels; each panel fails (and retries) on its own. */
export const panelCalls = {
  user: (userId: number) => api("searchuser", { userId, limit: 1 }).then((list) => list.data[0] ?? null),
  quota: (userId: number) => api("search-quota", { userId, limit: 10, page: 1 }),
  subscriptions: (userId: number) => api("search-subscription", { userId }).then((answer) => answer.data),
  jobs: (userId: number) => api("search-history", { userId, search: "", page: 1, limit: 10 }),
  payments: (userId: number) => api("search-payment", { userId, search: "", page: 1, limit: 10 }),
  sessions: (userId: number) => api("search-session", { userId, page: 1, limit: 20 }),
};
