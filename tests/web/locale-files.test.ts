import i18n from "i18next";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { initI18n, LANGUAGES, SEPARATE_NAMESPACES } from "../../web/src/i18n";
import ar from "../../web/src/i18n/bundles/ar";
import en from "../../web/src/i18n/bundles/en";
import fr from "../../web/src/i18n/bundles/fr";

const bundles = { en, fr, ar };
const featureFiles = import.meta.glob<Record<string, unknown>>("../../web/src/features/*/locales/*.json", {
  eager: true,
  import: "default",
});
const layoutFiles = import.meta.glob<Record<string, unknown>>("../../web/src/i18n/locales/layout/*.json", {
  eager: true,
  import: "default",
});
const featureOf = (path: string) => /features\/([^/]+)\/locales\//.exec(path)![1]!;

describe("how the translations are cut into files", () => {
  it("keeps a file per namespace for exactly the features with pages for visitors", () => {
    const publicFeatures = new Set(appRoutes.filter((r) => r.meta?.public || r.meta?.unauthenticatedOnly).map((r) => r.ns));
    expect([...SEPARATE_NAMESPACES].sort()).toEqual([...publicFeatures].sort());
  });

  it("bundles every other feature's translations in one file per language, unchanged", () => {
    for (const lng of LANGUAGES) {
      const expected = Object.entries(featureFiles).filter(
        ([path]) => path.endsWith(`/${lng}.json`) && !SEPARATE_NAMESPACES.includes(featureOf(path)),
      );
      // The default layout's words come in the same file (i18n/locales/layout/), not in "common".
      const { [`../locales/layout/${lng}.json`]: layout, ...features } = bundles[lng];
      expect(layout).toEqual(layoutFiles[`../../web/src/i18n/locales/layout/${lng}.json`]);
      const bundled = Object.entries(features);
      expect(bundled.map(([path]) => featureOf(path)).sort()).toEqual(expected.map(([path]) => featureOf(path)).sort());
      for (const [path, data] of bundled)
        expect(data).toEqual(featureFiles[`../../web/src/features/${featureOf(path)}/locales/${lng}.json`]);
    }
  });
});

describe("starting the translations", () => {
  it("knows the saved language as soon as it starts, before its files are there (the app renders at once)", async () => {
    document.cookie = `language=${encodeURIComponent(JSON.stringify("fr"))}; path=/`;
    const ready = initI18n();
    expect(i18n.language).toBe("fr");
    expect(i18n.hasLoadedNamespace("common")).toBe(false);
    await ready;
    expect(i18n.hasLoadedNamespace("common")).toBe(true);
    expect(document.documentElement.lang).toBe("fr");
  });
});
