import { describe, expect, it } from "vitest";
import { CHUNK_GROUPS, firstLoadFiles, type BuiltChunk } from "../../web/build";

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false): BuiltChunk => ({
  fileName,
  facadeModuleId,
  imports,
  isEntry,
});
const src = (file: string) => `/work/portal/web/src/${file}`;

describe("the files index.html names for a first paint", () => {
  const chunks = [
    chunk("assets/index-a.js", "/work/portal/web/index.html", ["assets/app-b.js", "assets/runtime-c.js"], true),
    chunk("assets/app-b.js", null, ["assets/runtime-c.js"]),
    chunk("assets/runtime-c.js", null),
    chunk("assets/DefaultLayout-d.js", src("layouts/DefaultLayout.tsx"), ["assets/app-b.js", "assets/kit-e.js"]),
    chunk("assets/kit-e.js", null, ["assets/runtime-c.js"]),
    chunk("assets/SitePage-f.js", src("features/sites/pages/SitePage.tsx"), ["assets/kit-e.js"]),
    chunk("assets/en-g.js", src("i18n/locales/en.json")),
    chunk("assets/en-h.js", src("i18n/bundles/en.ts")),
    chunk("assets/ar-i.js", src("i18n/locales/ar.json")),
    chunk("assets/ar-j.js", src("i18n/bundles/ar.ts")),
    chunk("assets/en-k.js", src("features/auth/locales/en.json")),
  ];

  it("names the default layout with what it imports beyond the entry's files", () => {
    expect(firstLoadFiles(chunks).layout).toEqual(["/assets/DefaultLayout-d.js", "/assets/kit-e.js"]);
  });

  it("names, per language, the common translations and the signed-in app's, and no page's own", () => {
    expect(firstLoadFiles(chunks).languages).toEqual({
      en: { common: "/assets/en-g.js", app: "/assets/en-h.js" },
      ar: { common: "/assets/ar-i.js", app: "/assets/ar-j.js" },
    });
  });
});

describe("the build's file groups", () => {
  const [app, forms, kit] = CHUNK_GROUPS;

  it("keeps the entry module itself out of the app file", () => {
    expect(app!.test("/work/portal/web/index.html")).toBe(false);
    expect(app!.test(src("main.tsx"))).toBe(false);
    expect(app!.test(src("app/App.tsx"))).toBe(true);
  });

  it("puts what the sign-in pages share in its own file, taken before the kit (whose modules import it too)", () => {
    expect(CHUNK_GROUPS.map((g) => g.name)).toEqual(["app", "forms", "kit"]);
    expect(forms!.test(src("components/FormField.tsx"))).toBe(true);
    expect(forms!.test(src("lib/form.ts"))).toBe(true);
    expect(forms!.test(src("components/Snackbar.tsx"))).toBe(true);
    expect(forms!.test(src("components/DataTable.tsx"))).toBe(false);
  });

  it("puts the pages' shared pieces in the kit, but no page", () => {
    expect(kit!.test(src("components/DataTable.tsx"))).toBe(true);
    expect(kit!.test(src("lib/useList.ts"))).toBe(true);
    expect(kit!.test("/work/portal/node_modules/swr/dist/index/index.mjs")).toBe(true);
    expect(kit!.test(src("features/sites/pages/SitePage.tsx"))).toBe(false);
  });
});
