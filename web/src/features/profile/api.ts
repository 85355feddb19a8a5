import { api, type ListRow } from "../../lib/api";
import { uploadWithProgress } from "../../lib/upload";

export function fetchMe() {
  return api("me");
}

/** The client's referral code, its invite link and what it earned (made on first ask). */
export function fetchMyReferral() {
  return api("my-referral", {});
}

export type ItemOffer = ListRow<"searchitem">;
export type BundleOffer = ListRow<"searchbundle">;

/** Active items and bundles for the plan upgrade dialog. */
export async function fetchOffers() {
  const [items, bundles] = await Promise.all([
    api("searchitem", { search: "", sort: "price_asc", isActive: true, limit: 12, page: 1 }),
    api("searchbundle", { isActive: true, limit: 12, page: 1 }),
  ]);
  return { items: items.data, bundles: bundles.data };
}

export type MySubscription = ListRow<"search-subscription">;

/** The caller's running subscription (latest end first), the one a plan change replaces; none without one. */
export async function fetchCurrentSubscription(): Promise<MySubscription | null> {
  const subscriptions = await api("search-subscription", { limit: 10, page: 1 });
  return subscriptions.data.find((s) => s.active) ?? null;
}

/** What moving the subscription to the item costs now (changes nothing). */
export function quotePlanChange(subscriptionId: number, itemId: number) {
  return api("quote-plan-change", { subscriptionId, itemId });
}

/** Makes the plan change's one payment (or switches at once when nothing is to pay). */
export function changePlan(subscriptionId: number, itemId: number) {
  return api("change-plan", { subscriptionId, itemId });
}

export interface ProfileForm {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userImageNew: File | null;
}

/** updateuser on oneself: never role, status or quota (the server refuses those from non-admins). */
export function updateProfile(form: ProfileForm, onProgress: (fraction: number) => void) {
  return uploadWithProgress("updateuser", form, onProgress);
}

/** The user's own latest jobs (an admin's too: search-history would list everyone's without userId). */
export function fetchMyJobs(userId: number) {
  return api("search-history", { userId, search: "", limit: 5, page: 1 });
}

/** The devices signed in to the account. */
export function fetchMySessions() {
  return api("search-session");
}
