import type { AppRoute, NavItem } from "../../lib/feature";

/** Marketing pages: anyone may open them, in the blank layout (they bring their own header and footer). */
const front = { layout: "blank", public: true } as const;
/** The same content inside the portal, for signed-in users. */
const portal = { action: "read", subject: "Portal" } as const;

export const routes: AppRoute[] = [
  {
    path: "/front-pages/landing-page",
    name: "front-pages-landing-page",
    page: () => import("./pages/LandingPage"),
    meta: front,
  },
  { path: "/front-pages/pricing", name: "front-pages-pricing", page: () => import("./pages/FrontPricingPage"), meta: front },
  { path: "/front-pages/checkout", name: "front-pages-checkout", page: () => import("./pages/CheckoutPage"), meta: front },
  { path: "/front-pages/payment", name: "front-pages-payment", page: () => import("./pages/PaymentEntryPage"), meta: front },
  {
    path: "/front-pages/help-center",
    name: "front-pages-help-center",
    page: () => import("./pages/HelpCenterPage"),
    meta: front,
  },
  {
    path: "/front-pages/help-center/article/:title",
    name: "front-pages-help-center-article-title",
    page: () => import("./pages/HelpArticlePage"),
    meta: front,
  },
  { path: "/pages/pricing", name: "pages-pricing", page: () => import("./pages/PortalPricingPage"), meta: portal },
  { path: "/pages/faq", name: "pages-faq", page: () => import("./pages/FaqPage"), meta: portal },
];

export const nav: NavItem[] = [
  { title: "front:menu.pricing", to: "/pages/pricing", icon: "coins", ...portal, section: "pages", order: 40 },
  { title: "front:menu.faq", to: "/pages/faq", icon: "list", ...portal, section: "pages", order: 50 },
];
