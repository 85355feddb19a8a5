import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useSession } from "../../../providers/session";
import { Icon } from "../../../components/Icon";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import type { ProductKind } from "../../../lib/cart";
import { FaqList } from "../components/FaqList";
import { LazyCatalogueCarousel } from "../components/LazyCatalogueCarousel";
import { MarketingLayout } from "../components/MarketingLayout";
import { BundleCards } from "../components/ProductCards";
import { useFaq } from "../lib/help";
import { useCatalogue } from "../lib/useCatalogue";

const STEPS = [
  { key: "buy", icon: "coins" },
  { key: "use", icon: "upload" },
  { key: "download", icon: "download" },
] as const;

const FEATURES = [
  { key: "exact", icon: "check" },
  { key: "secure", icon: "shield" },
  { key: "coupons", icon: "ticket" },
  { key: "invoices", icon: "invoice" },
  { key: "languages", icon: "language" },
  { key: "refunds", icon: "coins" },
] as const;

function PricingPreview() {
  const { t } = useTranslation("front");
  const { data, error, isLoading, mutate } = useCatalogue();
  const [, navigate] = useLocation();
  // From the landing page, "Buy" first shows the order on the checkout page.
  const review = (kind: ProductKind, refId: number) => navigate(`/front-pages/checkout?kind=${kind}&refId=${refId}`);
  if (isLoading) return <Loading label={t("pricing.loading")} />;
  if (error && !data) return <ErrorState text={t("pricing.loadError")} onRetry={() => void mutate()} />;
  if (!data || data.bundles.length === 0) return <Empty text={t("pricing.emptyBundles")} />;
  return <BundleCards bundles={data.bundles} currency={data.currency} onBuy={review} pending={null} />;
}

/** The catalogue's carousel, once the catalogue is there (the prerendered page keeps its room, so nothing shifts). */
function CatalogueSection() {
  const { t } = useTranslation("front");
  const { data } = useCatalogue();
  return (
    <section className="border-t border-base-300 px-4 py-16" aria-labelledby="catalogue-title">
      <div className="mx-auto flex min-h-96 max-w-6xl flex-col gap-8">
        <div className="text-center">
          <h2 id="catalogue-title" className="text-3xl font-bold">
            {t("carousel.sectionTitle")}
          </h2>
          <p className="mt-2 text-base-content/70">{t("carousel.sectionText")}</p>
        </div>
        {data && (
          <Suspense fallback={null}>
            <LazyCatalogueCarousel catalogue={data} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

export default function LandingPage() {
  const { t } = useTranslation("front");
  const { isLoggedIn } = useSession();
  const faq = useFaq().slice(0, 4);

  return (
    <MarketingLayout>
      <section className="bg-base-200 px-4 py-16 md:py-24" aria-labelledby="hero-title">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
          <span className="badge border-primary bg-primary/10 font-semibold text-base-content">{t("landing.heroBadge")}</span>
          <h1 id="hero-title" className="text-4xl font-extrabold leading-tight md:text-5xl">
            {t("landing.heroTitle")}
          </h1>
          <p className="max-w-2xl text-lg text-base-content/70">{t("landing.heroText")}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link href="/front-pages/pricing" className="btn btn-primary btn-lg">
              {t("landing.heroCta")}
            </Link>
            <Link href={isLoggedIn ? "/" : "/login"} className="btn btn-outline btn-lg">
              {isLoggedIn ? t("nav.goToPortal") : t("nav.signIn")}
            </Link>
          </div>
        </div>
      </section>

      <section className="px-4 py-16" aria-labelledby="how-title">
        <div className="mx-auto max-w-6xl">
          <h2 id="how-title" className="text-center text-3xl font-bold">
            {t("landing.howTitle")}
          </h2>
          <p className="mx-auto mt-2 max-w-2xl text-center text-base-content/70">{t("landing.howText")}</p>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.key} className="card border border-base-300 bg-base-100">
                <div className="card-body items-start gap-3">
                  <div className="flex items-center gap-3">
                    <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                      <Icon name={step.icon} size={24} />
                    </span>
                    <span className="text-sm font-semibold text-base-content/80">
                      {t("landing.stepNumber", { number: index + 1 })}
                    </span>
                  </div>
                  <h3 className="card-title">{t(`landing.steps.${step.key}.title`)}</h3>
                  <p className="text-base-content/70">{t(`landing.steps.${step.key}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="bg-base-200 px-4 py-16" aria-labelledby="features-title">
        <div className="mx-auto max-w-6xl">
          <h2 id="features-title" className="text-center text-3xl font-bold">
            {t("landing.featuresTitle")}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.key} className="flex gap-4">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-box bg-primary text-primary-content">
                  <Icon name={feature.icon} />
                </span>
                <div>
                  <h3 className="font-semibold">{t(`landing.features.${feature.key}.title`)}</h3>
                  <p className="text-sm text-base-content/70">{t(`landing.features.${feature.key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="px-4 py-16" aria-labelledby="pricing-title">
        <div className="mx-auto flex max-w-6xl flex-col gap-8">
          <div className="text-center">
            <h2 id="pricing-title" className="text-3xl font-bold">
              {t("landing.pricingTitle")}
            </h2>
            <p className="mt-2 text-base-content/70">{t("landing.pricingText")}</p>
          </div>
          <PricingPreview />
          <Link href="/front-pages/pricing" className="btn btn-outline self-center">
            {t("landing.pricingMore")}
            <Icon name="chevron-right" size={16} />
          </Link>
        </div>
      </section>

      <CatalogueSection />

      <section className="bg-base-200 px-4 py-16" aria-labelledby="faq-title">
        <div className="mx-auto flex max-w-3xl flex-col gap-8">
          <h2 id="faq-title" className="text-center text-3xl font-bold">
            {t("landing.faqTitle")}
          </h2>
          {faq.length > 0 ? <FaqList entries={faq} name="landing-faq" /> : <Empty />}
          <Link href="/front-pages/help-center" className="btn btn-outline self-center">
            {t("landing.faqMore")}
            <Icon name="chevron-right" size={16} />
          </Link>
        </div>
      </section>

      <section className="px-4 py-16" aria-labelledby="cta-title">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 rounded-box bg-neutral px-6 py-12 text-center text-neutral-content">
          <h2 id="cta-title" className="text-3xl font-bold">
            {t("landing.ctaTitle")}
          </h2>
          <p className="max-w-xl">{t("landing.ctaText")}</p>
          <Link
            href={isLoggedIn ? "/pages/pricing" : "/front-pages/pricing"}
            className="btn btn-lg bg-base-100 text-base-content"
          >
            {t("landing.ctaButton")}
          </Link>
        </div>
      </section>
    </MarketingLayout>
  );
}
