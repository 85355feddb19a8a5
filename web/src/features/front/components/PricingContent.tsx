import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { useBuy } from "../lib/useBuy";
import { useCatalogue } from "../lib/useCatalogue";
import { BundleCards, ItemCards } from "./ProductCards";

/** The pricing page's content: point bundles and plans from the active catalogue, each with "Buy". */
export function PricingContent({ helpLink }: { helpLink: string }) {
  const { t } = useTranslation("front");
  const { data, error, isLoading, mutate } = useCatalogue();
  const { buy, pending } = useBuy();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold md:text-4xl">{t("pricing.title")}</h1>
        <p className="mt-3 text-lg text-base-content/70">{t("pricing.intro")}</p>
      </header>

      {isLoading && <Loading label={t("pricing.loading")} />}
      {error && !data && <ErrorState text={t("pricing.loadError")} onRetry={() => void mutate()} />}

      {data && (
        <>
          <section aria-labelledby="pricing-bundles" className="flex flex-col gap-6">
            <div>
              <h2 id="pricing-bundles" className="text-2xl font-bold">
                {t("pricing.bundlesTitle")}
              </h2>
              <p className="text-base-content/70">{t("pricing.bundlesText")}</p>
            </div>
            {data.bundles.length > 0 ? (
              <BundleCards bundles={data.bundles} currency={data.currency} onBuy={buy} pending={pending} />
            ) : (
              <Empty text={t("pricing.emptyBundles")} />
            )}
          </section>

          <section aria-labelledby="pricing-plans" className="flex flex-col gap-6">
            <div>
              <h2 id="pricing-plans" className="text-2xl font-bold">
                {t("pricing.plansTitle")}
              </h2>
              <p className="text-base-content/70">{t("pricing.plansText")}</p>
            </div>
            {data.items.length > 0 ? (
              <ItemCards items={data.items} currency={data.currency} onBuy={buy} pending={pending} />
            ) : (
              <Empty text={t("pricing.emptyPlans")} />
            )}
          </section>
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
