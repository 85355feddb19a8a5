import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../../components/Icon";
import { Thumbnail } from "../../../components/Thumbnail";
import { bundleTitle, formatCount, formatMoney, formatNumber } from "../../../lib/format";
import { usePreferences } from "../../../providers/preferences";
import type { PublicCatalogue } from "../api";

/** One slide: a bundle of points or an item (a subscription), as a visitor may buy it. */
interface Slide {
  key: string;
  title: string;
  detail: string;
  price: string;
  image?: { src: string | null; name: string };
  buy: string;
}

function slidesOf(catalogue: PublicCatalogue, forDuration: (days: number) => string): Slide[] {
  const { currency } = catalogue;
  return [
    ...catalogue.bundles.map((bundle) => ({
      key: `bundle:${bundle.bundleId}`,
      title: bundleTitle(bundle),
      detail: formatCount("points", bundle.bundlePoin),
      price: formatMoney(bundle.bundlePrice, currency),
      buy: `/front-pages/checkout?kind=bundle&refId=${bundle.bundleId}`,
    })),
    ...catalogue.items.map((item) => ({
      key: `item:${item.itemId}`,
      title: item.itemName,
      detail: forDuration(item.itemDuration),
      price: formatMoney(item.itemPrice, currency),
      image: { src: item.itemImage, name: item.itemName },
      buy: `/front-pages/checkout?kind=item&refId=${item.itemId}`,
    })),
  ];
}

/**
 * The catalogue as a touch carousel (Embla): swipe, the arrow buttons, or the arrow keys in the reading
 * direction. The landing page and /extensions/swiper show it; it is loaded only where shown (decision 0021).
 */
export default function CatalogueCarousel({ catalogue }: { catalogue: PublicCatalogue }) {
  const { t } = useTranslation("front");
  const { direction } = usePreferences();
  const [viewport, embla] = useEmblaCarousel({ direction, align: "start", containScroll: "trimSnaps" });
  const [edges, setEdges] = useState({ prev: false, next: false, selected: 0, snaps: 1 });
  const slides = slidesOf(catalogue, (days) => t("pricing.forDuration", { duration: formatCount("days", days) }));

  const update = useCallback(() => {
    if (!embla) return;
    setEdges({
      prev: embla.canScrollPrev(),
      next: embla.canScrollNext(),
      selected: embla.selectedScrollSnap(),
      snaps: embla.scrollSnapList().length,
    });
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla, update]);

  // Arrow keys follow the reading direction: in Arabic, the left arrow goes on.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const forward = direction === "rtl" ? "ArrowLeft" : "ArrowRight";
    const backward = direction === "rtl" ? "ArrowRight" : "ArrowLeft";
    if (event.key === forward) embla?.scrollNext();
    else if (event.key === backward) embla?.scrollPrev();
    else return;
    event.preventDefault();
  };

  if (slides.length === 0) return <p className="text-center text-base-content/70">{t("carousel.empty")}</p>;

  return (
    <section aria-roledescription={t("carousel.role")} aria-label={t("carousel.label")} className="flex flex-col gap-3">
      <div
        ref={viewport}
        className="overflow-hidden rounded-box focus-visible:outline-2 focus-visible:outline-primary"
        tabIndex={0}
        dir={direction}
        onKeyDown={onKeyDown}
        aria-label={t("carousel.keys")}
      >
        <ul className="flex touch-pan-y gap-4">
          {slides.map((slide, index) => (
            <li
              key={slide.key}
              aria-roledescription={t("carousel.slide")}
              aria-label={t("carousel.position", { index: formatNumber(index + 1), count: formatNumber(slides.length) })}
              className="card min-w-0 shrink-0 grow-0 basis-[85%] border border-base-300 bg-base-100 sm:basis-1/2 lg:basis-1/3"
            >
              {slide.image && (
                <Thumbnail
                  src={slide.image.src}
                  name={slide.image.name}
                  className="aspect-video w-full rounded-t-box"
                  textClass="text-4xl"
                />
              )}
              <div className="card-body gap-2">
                <h3 className="card-title break-words">{slide.title}</h3>
                <p className="text-base-content/70">{slide.detail}</p>
                <p className="text-2xl font-bold">{slide.price}</p>
                <Link href={slide.buy} className="btn btn-primary btn-sm self-start">
                  {t("pricing.buy")}
                  <span className="sr-only"> {slide.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex items-center justify-center gap-3">
        <button
          type="button"
          className="btn btn-circle btn-sm"
          aria-label={t("carousel.previous")}
          disabled={!edges.prev}
          onClick={() => embla?.scrollPrev()}
        >
          <Icon name="chevron-left" size={16} />
        </button>
        <span className="text-sm text-base-content/70" aria-live="polite">
          {t("carousel.page", { index: formatNumber(edges.selected + 1), count: formatNumber(edges.snaps) })}
        </span>
        <button
          type="button"
          className="btn btn-circle btn-sm"
          aria-label={t("carousel.next")}
          disabled={!edges.next}
          onClick={() => embla?.scrollNext()}
        >
          <Icon name="chevron-right" size={16} />
        </button>
      </div>
    </section>
  );
}
