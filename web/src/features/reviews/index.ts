import type { AppRoute, NavItem } from "../../lib/feature";

const moderateReviews = { action: "update", subject: "Review" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/ecommerce/manage-review",
    name: "apps-ecommerce-manage-review",
    title: "reviews:title",
    page: () => import("./pages/ManageReviewPage"),
    meta: moderateReviews,
  },
];

export const nav: NavItem[] = [
  { title: "reviews:menu", to: "/apps/ecommerce/manage-review", icon: "star", ...moderateReviews, section: "apps", order: 61 },
];
