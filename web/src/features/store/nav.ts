import type { NavItem } from "../../lib/feature";
import { sales, BASE } from "./index";

const MENU = ["dashboard", "product/list", "product/add", "product/category-list", "order/list", "customer/list"];
const MENU_TITLES = ["dashboard", "products", "addProduct", "categories", "orders", "customers"];

export const nav: NavItem[] = [
  { title: "store:menu.dashboard", to: "/dashboards/ecommerce", icon: "store", ...sales, section: "dashboards", order: 25 },
  {
    title: "store:menu.ecommerce",
    icon: "store",
    ...sales,
    section: "apps",
    order: 30,
    children: MENU.map((to, i) => ({
      title: `store:menu.${MENU_TITLES[i]}`,
      to: BASE + to,
      ...sales,
      section: "apps",
      order: i + 1,
    })),
  },
];
