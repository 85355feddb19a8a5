import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { initI18n } from "./i18n";
import "./styles.css";

// Rendering does not wait for the language files: the first render already starts the route's chunk
// and calls (app/prefetch.ts), and whatever needs a translation suspends until its file is there.
void initI18n();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
