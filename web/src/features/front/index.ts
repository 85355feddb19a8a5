import type { AppRoute } from "../../lib/feature";
import { ARTICLE_SLUGS } from "./lib/articles";
import { PUBLIC_CATALOGUE, publicCatalogue } from "./api";

/** Marketing pages: anyone may open them, in the blank layout (they bring their own header and footer). */
const front = { layout: "blank", public: true } as const;
/**
 * The catalogue the landing, pricing and checkout pages show: asked as the app arrives on the route
 * (app/prefetch.ts), with the page's chunk rather than after it.
 */
const catalogue = () => [{ key: PUBLIC_CATALOGUE, fetch: publicCatalogue }];
/** The same content inside the portal, for signed-in users. */
export const portal = { action: "read", subject: "Portal" } as const;

export const routes: AppRoute[] = [
  {
    path: "/front-pages/landing-page",
    title: "front:pageTitle.landing",
    description: "front:pageDescription.landing",
    prerender: true,
    page: () => import("./pages/LandingPage"),
    preload: catalogue,
    meta: front,
  },
  {
    path: "/front-pages/pricing",
    title: "front:pricing.title",
    description: "front:pageDescription.pricing",
    prerender: true,
    page: () => import("./pages/FrontPricingPage"),
    preload: catalogue,
    meta: front,
  },
  {
    path: "/front-pages/checkout",
    title: "front:checkout.title",
    page: () => import("./pages/CheckoutPage"),
    preload: catalogue,
    meta: front,
  },
  {
    path: "/front-pages/payment",
    title: "front:payment.title",
    page: () => import("./pages/PaymentEntryPage"),
    meta: front,
  },
  {
    path: "/front-pages/help-center",
    title: "front:help.title",
    description: "front:pageDescription.help",
    prerender: true,
    page: () => import("./pages/HelpCenterPage"),
    meta: front,
  },
  {
    path: "/front-pages/help-center/article/:title",
    title: ({ title }) => `front:help.articles.${title}.title`,
    description: ({ title }) => `front:help.articles.${title}.summary`,
    prerender: ARTICLE_SLUGS.map((slug) => `/front-pages/help-center/article/${slug}`),
    page: () => import("./pages/HelpArticlePage"),
    meta: front,
  },
  {
    path: "/front-pages/faq",
    title: "front:faq.title",
    description: "front:pageDescription.faq",
    prerender: true,
    page: () => import("./pages/FrontFaqPage"),
    meta: front,
  },
  {
    path: "/pages/pricing",
    title: "front:pricing.title",
    page: () => import("./pages/PortalPricingPage"),
    preload: catalogue,
    meta: { ...portal, visitorPath: "/front-pages/pricing" },
  },
  {
    path: "/extensions/swiper",
    title: "front:carousel.title",
    page: () => import("./pages/SwiperPage"),
    preload: catalogue,
    meta: portal,
  },
  {
    path: "/pages/faq",
    title: "front:faq.title",
    page: () => import("./pages/FaqPage"),
    meta: { ...portal, visitorPath: "/front-pages/faq" },
  },
];
