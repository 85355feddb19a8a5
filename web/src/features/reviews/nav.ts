import type { NavItem } from "../../lib/feature";
import { moderateReviews } from "./index";

export const nav: NavItem[] = [
  { title: "reviews:menu", to: "/apps/ecommerce/manage-review", icon: "star", ...moderateReviews, section: "apps", order: 61 },
];
