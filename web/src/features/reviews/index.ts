import type { AppRoute } from "../../lib/feature";

export const moderateReviews = { action: "update", subject: "Review" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/ecommerce/manage-review",
    title: "reviews:title",
    page: () => import("./pages/ManageReviewPage"),
    meta: moderateReviews,
  },
];
