import { afterEach, describe, expect, it, vi } from "vitest";
import script from "../../web/boot.js?raw";
import localeWorker from "../../web/public/intl-warm.js?raw";

const PLAN = {
  layout: ["/assets/DefaultLayout-d.js", "/assets/kit-e.js"],
  languages: {
    en: { common: "/assets/en-g.js", app: "/assets/en-h.js", front: "/assets/en-m.js", payment: "/assets/en-n.js" },
    fr: { common: "/assets/fr-i.js", app: "/assets/fr-j.js", front: "/assets/fr-m.js", payment: "/assets/fr-n.js" },
  },
  menu: ["front", "missing"],
};

/** Runs web/boot.js as the page does, under index.html's plan (web/build.ts), with cookies. */
function runWith(cookies: Record<string, unknown>, plan: object | null = PLAN) {
  for (const [name, value] of Object.entries(cookies))
    document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; path=/`;
  if (plan) {
    const meta = document.createElement("meta");
    meta.name = "first-load";
    meta.content = JSON.stringify(plan);
    document.head.append(meta);
  }
  new Function(script)();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
    href: new URL(link.href).pathname,
    low:
      link.getAttribute("fetchpriority") === "low" ||
      (link as HTMLLinkElement & { fetchPriority?: string }).fetchPriority === "low",
  }));
}

afterEach(() => {
  document.head.innerHTML = "";
  history.replaceState(null, "", "/");
  for (const name of ["userData", "userAbilityRules", "language", "direction", "theme"])
    document.cookie = `${name}=; path=/; max-age=0`;
  vi.unstubAllGlobals();
});

describe("web/boot.js preloading the first paint's files", () => {
  it("preloads the common translations of a visitor's language, at low priority", () => {
    expect(runWith({})).toEqual([{ href: "/assets/en-g.js", low: true }]);
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");
  });

  it("adds the default layout, the signed-in app's translations and the menu's when someone is signed in", () => {
    expect(runWith({ userData: { userId: 1 }, language: "fr" }).map((link) => link.href)).toEqual([
      "/assets/fr-i.js",
      "/assets/DefaultLayout-d.js",
      "/assets/kit-e.js",
      "/assets/fr-j.js",
      "/assets/fr-m.js",
    ]);
  });

  it("preloads the same whatever the address: the page is its route's to start (app/prefetch.ts)", () => {
    const signedIn = runWith({ userData: { userId: 1 } }).map((link) => link.href);
    // What an older build named per route is not read.
    const withRoutes = { ...PLAN, routes: [{ path: "/portal/site", files: ["/assets/SitePage-s.js"], ns: "sites" }] };
    for (const address of ["/payment/payment?kind=bundle", "/portal/site/", "/payment/p000000000000000000000ab"]) {
      document.head.innerHTML = "";
      history.replaceState(null, "", address);
      expect(runWith({ userData: { userId: 1 } }, withRoutes).map((link) => link.href)).toEqual(signedIn);
    }
  });

  it("is light when no theme was chosen, and follows the device's colour scheme when the theme is system", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes("dark"), media: query })) as typeof window.matchMedia;
    try {
      runWith({}, null);
      expect(document.documentElement.getAttribute("data-theme")).toBe("light");
      runWith({ theme: "system" }, null);
      expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
      runWith({ theme: "light" }, null);
      expect(document.documentElement.getAttribute("data-theme")).toBe("light");
    } finally {
      window.matchMedia = original;
    }
  });

  it("keeps a prerendered page's served language and direction, and preloads that language's files", () => {
    document.documentElement.setAttribute("lang", "fr");
    document.documentElement.setAttribute("dir", "ltr");
    const settings = document.createElement("meta");
    settings.name = "app-settings";
    document.head.append(settings);
    try {
      // A cookie from an earlier choice does not override the page the Worker chose to serve.
      expect(runWith({ language: "ar", direction: "rtl" }).map((link) => link.href)).toEqual(["/assets/fr-i.js"]);
      expect([document.documentElement.lang, document.documentElement.dir]).toEqual(["fr", "ltr"]);
    } finally {
      document.documentElement.setAttribute("lang", "en");
    }
  });

  it("preloads nothing without a plan (the dev server), and still applies the preferences", () => {
    expect(runWith({ language: "ar" }, null)).toEqual([]);
    expect(document.documentElement.getAttribute("dir")).toBe("rtl");
  });
});

describe("web/boot.js loading the locale data off the main thread", () => {
  it("starts the locale worker with the app's locale for the reader's language", () => {
    const started: string[] = [];
    vi.stubGlobal(
      "Worker",
      class {
        constructor(url: string) {
          started.push(url);
        }
      },
    );
    runWith({});
    runWith({ language: "fr" });
    runWith({ language: "ar" });
    expect(started).toEqual(["/intl-warm.js?locale=en-US", "/intl-warm.js?locale=fr-FR", "/intl-warm.js?locale=ar"]);
  });

  it("has the worker format a number and a date in that locale, then end", () => {
    const formatted: string[] = [];
    const formatter = (kind: string) =>
      class {
        constructor(
          private locale: string,
          private options: object,
        ) {}
        format() {
          formatted.push(`${kind} ${this.locale} ${Object.keys(this.options).join(",")}`);
          return "";
        }
      };
    vi.stubGlobal("Intl", { NumberFormat: formatter("number"), DateTimeFormat: formatter("date") });
    const close = vi.fn();
    new Function("self", localeWorker)({ location: { search: "?locale=fr-FR" }, close });
    expect(formatted).toEqual(["number fr-FR style,currency", "date fr-FR dateStyle,timeStyle"]);
    expect(close).toHaveBeenCalledOnce();
  });

  it("applies the preferences and preloads without workers", () => {
    vi.stubGlobal("Worker", undefined);
    expect(runWith({ theme: "dark" })).toEqual([{ href: "/assets/en-g.js", low: true }]);
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
  });
});

describe("web/boot.js doing only what comes before the app", () => {
  it("sets theme, language and direction and adds preloads, and asks for no data", () => {
    const fetch = vi.fn(() => Promise.resolve(new Response("{}")));
    vi.stubGlobal("fetch", fetch);
    const getItem = vi.spyOn(window.localStorage, "getItem");
    const globalsBefore = new Set(Object.keys(window));
    const html = document.documentElement;
    const attributesBefore = html.getAttributeNames().filter((name) => !["lang", "dir", "data-theme"].includes(name));
    history.replaceState(null, "", "/portal/site");
    // What an older build named for it to send: it sends nothing of it.
    const calls = document.createElement("meta");
    calls.name = "first-calls";
    calls.content = JSON.stringify({
      layout: [],
      routes: [{ path: "/portal/site", variants: [{ when: {}, calls: [["searchsite", "{}"]] }] }],
    });
    document.head.append(calls);
    try {
      const links = runWith({
        userData: { userId: 1 },
        userAbilityRules: [{ action: "manage", subject: "all" }],
        language: "fr",
        direction: "rtl",
        theme: "dark",
      });
      expect([html.lang, html.dir, html.getAttribute("data-theme")]).toEqual(["fr", "rtl", "dark"]);
      // Its data is the route's preload's, once the app runs (app/prefetch.ts): nothing is sent before.
      expect(fetch).not.toHaveBeenCalled();
      expect(getItem).not.toHaveBeenCalled();
      expect(Object.keys(window).filter((key) => !globalsBefore.has(key))).toEqual([]);
      expect(html.getAttributeNames().filter((name) => !["lang", "dir", "data-theme"].includes(name))).toEqual(attributesBefore);
      // What it adds to the page is the plan's preloads, nothing else.
      expect([...document.head.children].map((el) => el.tagName)).toEqual(["META", "META", ...links.map(() => "LINK")]);
      expect(links.every((link) => link.low)).toBe(true);
      expect(links.map((link) => link.href)).toEqual([
        "/assets/fr-i.js",
        "/assets/DefaultLayout-d.js",
        "/assets/kit-e.js",
        "/assets/fr-j.js",
        "/assets/fr-m.js",
      ]);
    } finally {
      getItem.mockRestore();
      html.setAttribute("lang", "en");
      html.setAttribute("dir", "ltr");
    }
  });

  it("reads the cookies once", () => {
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, "cookie")) owner = Object.getPrototypeOf(owner) as object | null;
    const cookie = Object.getOwnPropertyDescriptor(owner!, "cookie")!;
    const cookieReads = vi.fn();
    for (const [name, value] of Object.entries({ userData: { userId: 1 }, theme: "dark", language: "fr" }))
      document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; path=/`;
    Object.defineProperty(document, "cookie", {
      configurable: true,
      get() {
        cookieReads();
        return cookie.get!.call(this);
      },
      set(value: string) {
        cookie.set!.call(this, value);
      },
    });
    try {
      // Each read of document.cookie is a synchronous call to the browser process.
      expect(runWith({}).map((link) => link.href)).toContain("/assets/fr-j.js");
      expect(cookieReads).toHaveBeenCalledTimes(1);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
  });
});
