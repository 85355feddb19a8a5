import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/PageHeader";
import { ErrorState, Loading } from "../../../components/PageStates";
import { LazyCatalogueCarousel } from "../components/LazyCatalogueCarousel";
import { useCatalogue } from "../lib/useCatalogue";

/** /extensions/swiper: the catalogue as the landing page's carousel, inside the portal. */
export default function SwiperPage() {
  const { t } = useTranslation("front");
  const { data, error, mutate } = useCatalogue();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("carousel.title")} subtitle={t("carousel.subtitle")} />
      {error && !data ? (
        <ErrorState text={t("pricing.loadError")} onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading label={t("pricing.loading")} />
      ) : (
        <Suspense fallback={<Loading label={t("pricing.loading")} />}>
          <LazyCatalogueCarousel catalogue={data} />
        </Suspense>
      )}
    </div>
  );
}
