/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
import { api, type CallInput, type CallAnswer, type ListRow } from "../../lib/api";
import type { AddressField } from "../../lib/address";
import { uploadWithProgress } from "../../lib/upload";
import type { User } from "./types";

export function adjustQuota(body: CallInput<"adjust-quota">) {
  return api("adjust-quota", body);
}

export function deleteUser(userId: number) {
  return api("deleteuser", { userId });
}

export function resetTwoFactor(userId: number) {
  return api("reset-two-factor", { userId });
}

export function revokeSession(userId: number, sessionId: number) {
  return api("revoke-session", { userId, sessionId });
}

export interface UserForm {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userPW: string;
  userRole?: string;
  userIsActive?: boolean;
  userImageNew?: File | null;
}

export type UpdateUserAnswer = CallAnswer<"updateuser">;

/** Multipart with the avatar (API.md); progress goes from 0 to 1 while the body uploads. */
export function updateUser(form: UserForm, onProgress: (fraction: number) => void = () => undefined) {
  const { userPW, ...rest } = form;
  return uploadWithProgress("updateuser", { ...rest, ...(userPW ? { userPW } : {}) }, onProgress);
}

/** The postal address fields of a User (migration 0100). */
export type Address = Pick<User, AddressField>;

/**
 * A user's address through updateuser (JSON, no upload): the name and email it requires go as they are,
 * every other field is left out and keeps its value; a blank address field clears it.
 */
export const updateAddress = (user: Pick<User, "userId" | "userName" | "userEmail">, address: Address) =>
  api("updateuser", { userId: user.userId, userName: user.userName, userEmail: user.userEmail, ...address });

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

/** The calls behind the user view's panels; each panel fails (and retries) on its own. */
export const panelCalls = {
  user: (userId: number) => api("searchuser", { userId, limit: 1 }).then((list) => list.data[0] ?? null),
  quota: (userId: number) => api("search-quota", { userId, limit: 10, page: 1 }),
  subscriptions: (userId: number) => api("search-subscription", { userId }).then((answer) => answer.data),
  jobs: (userId: number) => api("search-history", { userId, search: "", page: 1, limit: 10 }),
  payments: (userId: number) => api("search-payment", { userId, search: "", page: 1, limit: 10 }),
  sessions: (userId: number) => api("search-session", { userId, page: 1, limit: 20 }),
};
