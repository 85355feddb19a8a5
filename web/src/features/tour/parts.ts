/** The tour's two lazy parts in one module: the navbar widget and the page (one loader in the first load). */
export { default as FirstTour } from "./components/FirstTour";
export { default as TourPage } from "./pages/TourPage";
