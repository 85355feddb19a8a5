import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
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
// every other page is rendered here. Not as a transition (decision 0009): a form submitted while its page
// was still being hydrated went to the browser, not to the app.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
