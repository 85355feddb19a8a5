import type { AppRoute, NavItem } from "../../lib/feature";

/** Each wizard is open to those who may make what it makes (the call it ends with checks it again). */
const pay = { action: "create", subject: "Payment" } as const;
const coupons = { action: "manage", subject: "Coupon" } as const;
const sites = { action: "manage", subject: "Site" } as const;

export const routes: AppRoute[] = [
  {
    path: "/wizard-examples/checkout",
    name: "wizard-examples-checkout",
    title: "wizards:checkout.title",
    page: () => import("./pages/CheckoutWizardPage"),
    meta: pay,
  },
  {
    path: "/wizard-examples/create-deal",
    name: "wizard-examples-create-deal",
    title: "wizards:deal.title",
    page: () => import("./pages/CreateDealWizardPage"),
    meta: coupons,
  },
  {
    path: "/wizard-examples/property-listing",
    name: "wizard-examples-property-listing",
    title: "wizards:listing.title",
    page: () => import("./pages/PropertyListingWizardPage"),
    meta: sites,
  },
];

export const nav: NavItem[] = [
  {
    title: "wizards:menu",
    icon: "wand",
    section: "pages",
    order: 60,
    children: [
      { title: "wizards:checkout.menu", to: "/wizard-examples/checkout", ...pay, section: "pages", order: 1 },
      { title: "wizards:deal.menu", to: "/wizard-examples/create-deal", ...coupons, section: "pages", order: 2 },
      { title: "wizards:listing.menu", to: "/wizard-examples/property-listing", ...sites, section: "pages", order: 3 },
    ],
  },
];
