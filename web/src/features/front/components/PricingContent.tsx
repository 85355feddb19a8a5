import { useDeferredValue, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Empty, ErrorState } from "../../../components/PageStates";
import { useBuy } from "../lib/useBuy";
import { useCatalogue } from "../lib/useCatalogue";
import { BundleCards, BundleCardSkeletons, ItemCards, ItemCardSkeletons } from "./ProductCards";

function ProductSection({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-6">
      <div>
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <p className="text-base-content/70">{text}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * The pricing page's content: point bundles and plans from the active catalogue, each with "Buy". The
 * headings and skeleton cards are in the prerendered page, so the catalogue's arrival moves nothing.
 */
export function PricingContent({ helpLink }: { helpLink: string }) {
  const { t } = useTranslation("front");
  const catalogue = useCatalogue();
  const { error, mutate } = catalogue;
  // The cards render as a transition, in slices a phone's main thread can answer taps between.
  const data = useDeferredValue(catalogue.data);
  const { buy, pending } = useBuy();
  const failed = error && !data;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold md:text-4xl">{t("pricing.title")}</h1>
        <p className="mt-3 text-lg text-base-content/70">{t("pricing.intro")}</p>
      </header>

      {failed && <ErrorState text={t("pricing.loadError")} onRetry={() => void mutate()} />}

      {!failed && (
        <>
          {!data && (
            <p role="status" className="sr-only">
              {t("pricing.loading")}
            </p>
          )}
          <ProductSection id="pricing-bundles" title={t("pricing.bundlesTitle")} text={t("pricing.bundlesText")}>
            {!data ? (
              <BundleCardSkeletons />
            ) : data.bundles.length > 0 ? (
              <BundleCards bundles={data.bundles} currency={data.currency} onBuy={buy} pending={pending} />
            ) : (
              <Empty text={t("pricing.emptyBundles")} />
            )}
          </ProductSection>

          <ProductSection id="pricing-plans" title={t("pricing.plansTitle")} text={t("pricing.plansText")}>
            {!data ? (
              <ItemCardSkeletons />
            ) : data.items.length > 0 ? (
              <ItemCards items={data.items} currency={data.currency} onBuy={buy} pending={pending} />
            ) : (
              <Empty text={t("pricing.emptyPlans")} />
            )}
          </ProductSection>
        </>
      )}

      <aside
        className="alert flex flex-wrap justify-between border-info bg-info/10 text-base-content"
        aria-label={t("pricing.howToPay")}
      >
        <p>{t("pricing.transferNote")}</p>
        <Link href={helpLink} className="btn btn-sm">
          {t("pricing.howToPay")}
        </Link>
      </aside>
    </div>
  );
}
