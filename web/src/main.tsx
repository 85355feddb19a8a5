import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { holdFirstRoute } from "./app/firstRoute";
import { initI18n } from "./i18n";
import "./styles.css";

// Rendering does not wait for the language files: the first render already starts the route's chunk
// and calls (app/prefetch.ts), and whatever needs a translation suspends until its file is there.
void initI18n();

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page prerendered when the app was built (web/prerender.ts) keeps its HTML and comes alive;
// every other page is rendered here, whole once its files have arrived (app/firstRoute.ts). Hydrating as a transition lets React yield to the browser every few
// milliseconds instead of blocking a phone's main thread for the whole page at once (what Lighthouse counts
// as blocking time). Its forms cannot be sent meanwhile: their submit buttons wait for the app (SubmitButton).
if (root.firstElementChild && !root.firstElementChild.classList.contains("app-loading")) {
  startTransition(() => void hydrateRoot(root, app));
} else {
  holdFirstRoute();
  createRoot(root).render(app);
}
