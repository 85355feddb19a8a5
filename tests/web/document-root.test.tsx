import { render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { applyDocumentLanguage } from "../../web/src/i18n";
import { PreferencesProvider } from "../../web/src/providers/preferences";
import { setRootAttribute } from "../../web/src/lib/documentRoot";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);
afterEach(() => {
  document.documentElement.removeAttribute("data-theme");
  document.documentElement.lang = "en";
  document.documentElement.dir = "ltr";
});

/** The attributes of <html> written while `act` runs, equal values included (a write is a mutation record). */
async function writesToRoot(act: () => void) {
  const written: (string | null)[] = [];
  const observer = new MutationObserver((records) => written.push(...records.map((record) => record.attributeName)));
  observer.observe(document.documentElement, { attributes: true });
  act();
  await new Promise((resolve) => setTimeout(resolve, 0));
  observer.disconnect();
  return written;
}

// Chromium restyles every element of the page on a write of lang or dir, even of the value already
// there: the app's start on a prerendered page must not repeat what the HTML says.
describe("the attributes of <html>", () => {
  it("are written only when their value changes", async () => {
    expect(await writesToRoot(() => setRootAttribute("dir", "rtl"))).toEqual(["dir"]);
    expect(await writesToRoot(() => setRootAttribute("dir", "rtl"))).toEqual([]);
  });

  it("are left alone when the language is the one the page was served in", async () => {
    document.documentElement.lang = "en";
    document.documentElement.dir = "ltr";
    expect(await writesToRoot(() => applyDocumentLanguage("en"))).toEqual([]);
    expect(await writesToRoot(() => applyDocumentLanguage("ar"))).toEqual(["lang", "dir"]);
  });

  it("are left alone by the preferences when the boot script has set theme and direction", async () => {
    document.documentElement.setAttribute("data-theme", "light");
    document.documentElement.dir = "ltr";
    expect(await writesToRoot(() => render(<PreferencesProvider>{null}</PreferencesProvider>))).toEqual([]);
  });
});
