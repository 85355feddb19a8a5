import { describe, expect, it } from "vitest";
import { CHUNK_GROUPS, firstLoadFiles, layoutSource, pageChunks, type BuiltChunk } from "../../web/build";

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
    chunk("assets/DefaultLayout-d.js", src("app/layouts/DefaultLayout.tsx"), ["assets/app-b.js", "assets/kit-e.js"]),
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

  it("names the navbar's widgets with the layout, which shows them as soon as it renders", () => {
    const withBadge = [
      ...chunks,
      chunk("assets/CartBadge-w.js", src("features/cart/components/CartBadge.tsx"), ["assets/kit-e.js"]),
    ];
    const source = { menuNamespaces: [], widgets: [src("features/cart/components/CartBadge")] };
    expect(firstLoadFiles(withBadge, source).layout).toEqual([
      "/assets/DefaultLayout-d.js",
      "/assets/kit-e.js",
      "/assets/CartBadge-w.js",
    ]);
  });

  it("names, per language, the common translations, the signed-in app's and each feature's own file", () => {
    expect(firstLoadFiles(chunks).languages).toEqual({
      en: { common: "/assets/en-g.js", app: "/assets/en-h.js", auth: "/assets/en-k.js" },
      ar: { common: "/assets/ar-i.js", app: "/assets/ar-j.js" },
    });
  });

  it("names only the menu's namespaces with a file of their own (the others come with common or the app's)", () => {
    expect(firstLoadFiles(chunks, { menuNamespaces: ["common", "auth", "sites"] }).menu).toEqual(["common", "auth"]);
  });

  it("names no page of a route: the route starts its own once the app runs (app/prefetch.ts)", () => {
    const named = JSON.stringify(firstLoadFiles(chunks, { menuNamespaces: ["auth"] }));
    expect(named).not.toContain("SitePage");
    expect(Object.keys(firstLoadFiles(chunks))).toEqual(["layout", "languages", "menu"]);
  });
});

describe("the files a shell names for its page (web/prerender.ts)", () => {
  const lazy = (fileName: string, moduleIds: string[], imports: string[] = []): BuiltChunk => ({
    ...chunk(fileName, moduleIds[0]!, imports),
    isDynamicEntry: true,
    moduleIds,
  });
  const chunks = [
    chunk("assets/index-a.js", "/work/portal/web/index.html", ["assets/app-b.js"], true),
    chunk("assets/app-b.js", null),
    chunk("assets/kit-e.js", null, ["assets/app-b.js"]),
    lazy(
      "assets/PaymentPage-f.js",
      [src("features/payment/pages/PaymentPage.tsx"), src("features/payment/components/Header.tsx")],
      ["assets/kit-e.js", "assets/app-b.js"],
    ),
    lazy("assets/CardPayment-g.js", [src("features/payment/components/CardPayment.tsx")]),
    lazy("assets/SitePage-h.js", [src("features/sites/pages/SitePage.tsx")], ["assets/kit-e.js"]),
    lazy("assets/en-i.js", [src("features/payment/locales/en.json")]),
  ];

  it("names the lazy chunks holding a module the render loaded, with their imports beyond the entry's", () => {
    const loaded = new Set([src("features/payment/components/Header.tsx"), src("features/payment/components/CardPayment.tsx")]);
    expect(pageChunks(chunks, loaded).sort()).toEqual([
      "/assets/CardPayment-g.js",
      "/assets/PaymentPage-f.js",
      "/assets/kit-e.js",
    ]);
  });

  it("names no translations (each language has its own) and nothing for a render that loaded no page code", () => {
    expect(pageChunks(chunks, new Set([src("features/payment/locales/en.json")]))).toEqual([]);
  });
});

describe("the menu and widgets as the build reads them", () => {
  const file = "/work/portal/web/src/features/demo/index.ts";
  const source = `
    import type { AppRoute, NavItem, RouteMeta } from "../../lib/feature";
    const guest: RouteMeta = { layout: "blank", unauthenticatedOnly: true };
    const login = () => import("./pages/LoginPage");
    const front = { layout: "blank", public: true } as const;
    const shop = { layout: "blank" } satisfies RouteMeta;
    function looks(page: string, load: AppRoute["page"]): AppRoute[] {
      return ["v1", "v2"].map((look) => ({ path: \`/auth/\${page}-\${look}\`, name: look, page: load }));
    }
    export const routes: AppRoute[] = [
      { path: "/login", name: "login", title: "auth:loginTitle", page: login, meta: guest },
      { path: "/demo/:id", name: "demo", page: () => import("./pages/DemoPage"), meta: { action: "read", subject: "Demo" } },
      { path: "/pay", name: "pay", page: () => import("../payment/pages/PayPage.tsx"), meta: { layout: "blank" } },
      { path: "/pricing", name: "pricing", page: () => import("./pages/PricingPage"), meta: front },
      { path: "/shop", name: "shop", page: () => import("./pages/ShopPage"), meta: shop },
      ...looks("login", login),
    ];
    export const nav: NavItem[] = [
      { title: "front:menu.faq", to: "/pages/faq", section: "pages", order: 50 },
      { title: "demo:title", to: "/demo/1", section: "pages", order: 60 },
    ];
  `;

  it("finds the namespaces of the menu's titles, not of the routes' page titles", () => {
    expect(layoutSource(source, file).menuNamespaces).toEqual(["front", "demo"]);
  });

  it("finds the navbar widgets' modules", () => {
    const widgets = `
      export const navbarWidgets: NavbarWidget[] = [
        { name: "cart", order: 10, component: () => import("./components/CartBadge"), preload: () => [] },
      ];`;
    expect(layoutSource(widgets, file).widgets).toEqual(["/work/portal/web/src/features/demo/components/CartBadge"]);
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
    // Loaded with import() only: in the kit, it would bring TipTap to every page that uses the kit.
    expect(kit!.test(src("components/RichTextEditor.tsx"))).toBe(false);
    expect(kit!.test(src("features/sites/pages/SitePage.tsx"))).toBe(false);
  });
});
