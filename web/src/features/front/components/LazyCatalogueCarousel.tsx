import { lazyComponent } from "../../../lib/lazyComponent";

/** The carousel and Embla load with the first page that shows them, never with the landing page's first paint. */
export const LazyCatalogueCarousel = lazyComponent(() => import("./CatalogueCarousel"));
