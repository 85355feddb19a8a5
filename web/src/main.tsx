import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { holdFirstRoute } from "./app/firstRoute";
import { initI18n } from "./i18n";
import "./styles.css";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** Ends the current task: the browser may paint or answer the reader before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A public page prerendered when the app was built (web/prerender.ts) is already painted: it comes
// alive in three tasks (this module's evaluation, starting i18next, hydrating) instead of one long
// one: Lighthouse counts the part of each task over 50 ms as blocking time, so shorter tasks block less.
// Hydrating as a transition lets React yield every few milliseconds too. Its forms cannot be sent
// meanwhile: their submit buttons wait for the app (SubmitButton).
async function hydratePrerendered() {
  await nextTask();
  void initI18n();
  await nextTask();
  startTransition(() => void hydrateRoot(root, app));
}

if (root.firstElementChild && !root.firstElementChild.classList.contains("app-loading")) {
  void hydratePrerendered();
} else {
  // Every other page is rendered here, whole once its files have arrived (app/firstRoute.ts).
  // Rendering does not wait for the language files: the first render already starts the route's
  // chunk and calls (app/prefetch.ts), and whatever needs a translation suspends until its file is there.
  void initI18n();
  holdFirstRoute();
  createRoot(root).render(app);
}
