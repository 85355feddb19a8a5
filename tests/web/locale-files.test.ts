import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { LANGUAGES, SEPARATE_NAMESPACES } from "../../web/src/i18n";
import ar from "../../web/src/i18n/bundles/ar";
import en from "../../web/src/i18n/bundles/en";
import fr from "../../web/src/i18n/bundles/fr";

const bundles = { en, fr, ar };
const featureFiles = import.meta.glob<Record<string, unknown>>("../../web/src/features/*/locales/*.json", {
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
      const bundled = Object.entries(bundles[lng]);
      expect(bundled.map(([path]) => featureOf(path)).sort()).toEqual(expected.map(([path]) => featureOf(path)).sort());
      for (const [path, data] of bundled)
        expect(data).toEqual(featureFiles[`../../web/src/features/${featureOf(path)}/locales/${lng}.json`]);
    }
  });
});
