import { api, type ListRow } from "../../lib/api";

export const SEARCH_REVIEW = "search-review";

/** A review as the moderation list shows it: the contract's row. */
export type Review = ListRow<typeof SEARCH_REVIEW>;

export const moderateReview = (reviewId: number, status: "published" | "hidden") => api("moderate-review", { reviewId, status });
