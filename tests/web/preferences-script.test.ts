import { afterEach, describe, expect, it, vi } from "vitest";
import script from "../../web/preferences.js?raw";
import localeWorker from "../../web/public/intl-warm.js?raw";

const PLAN = {
  layout: ["/assets/DefaultLayout-d.js", "/assets/kit-e.js"],
  languages: {
    en: { common: "/assets/en-g.js", app: "/assets/en-h.js", front: "/assets/en-m.js", payment: "/assets/en-n.js" },
    fr: { common: "/assets/fr-i.js", app: "/assets/fr-j.js", front: "/assets/fr-m.js", payment: "/assets/fr-n.js" },
  },
  menu: ["front"],
  routes: [
    { path: "/payment/payment", files: ["/assets/CheckoutPage-p.js"], ns: "payment" },
    { path: "/portal/site", files: ["/assets/SitePage-s.js"], ns: "sites" },
    { path: "/payment/:referenceId", files: ["/assets/PaymentPage-q.js", "/assets/kit-e.js"], ns: "payment", blank: true },
  ],
};

/** Runs web/preferences.js as the page does, under index.html's plan (web/build.ts), with cookies. */
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
  delete window.firstCalls;
  vi.unstubAllGlobals();
});

describe("web/preferences.js preloading the first paint's files", () => {
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

  it("adds the page of the address and its translations, a literal path before a pattern", () => {
    history.replaceState(null, "", "/payment/payment?kind=bundle");
    expect(runWith({ userData: { userId: 1 } }).map((link) => link.href)).toEqual([
      "/assets/en-g.js",
      "/assets/DefaultLayout-d.js",
      "/assets/kit-e.js",
      "/assets/en-h.js",
      "/assets/en-m.js",
      "/assets/CheckoutPage-p.js",
      "/assets/en-n.js",
    ]);
    document.head.innerHTML = "";
    // A feature without a file of its own: its translations are the app's, already named.
    history.replaceState(null, "", "/portal/site/");
    expect(
      runWith({ userData: { userId: 1 } })
        .map((link) => link.href)
        .slice(-2),
    ).toEqual(["/assets/en-m.js", "/assets/SitePage-s.js"]);
  });

  it("matches a pattern's parameters, and leaves out the layout of a blank page, each file once", () => {
    history.replaceState(null, "", "/payment/p000000000000000000000ab");
    expect(runWith({ userData: { userId: 1 } }).map((link) => link.href)).toEqual([
      "/assets/en-g.js",
      "/assets/en-h.js",
      "/assets/en-m.js",
      "/assets/PaymentPage-q.js",
      "/assets/kit-e.js",
      "/assets/en-n.js",
    ]);
    document.head.innerHTML = "";
    history.replaceState(null, "", "/payment/p000000000000000000000ab/more");
    expect(runWith({}).map((link) => link.href)).not.toContain("/assets/PaymentPage-q.js");
  });

  it("follows the device's colour scheme when no theme was chosen (the default is system), light otherwise", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes("dark"), media: query })) as typeof window.matchMedia;
    try {
      runWith({}, null);
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

/** index.html's first calls (web/src/app/firstCallPlan.ts): the navbar's, and a route's per ability. */
const CALLS = {
  layout: [
    { when: { "create Payment": false }, calls: [["search-notification", '{"unreadOnly":true}']] },
    {
      when: { "create Payment": true },
      calls: [
        ["searchcart", "{}"],
        ["search-notification", '{"unreadOnly":true}'],
      ],
    },
  ],
  routes: [
    {
      path: "/portal/site",
      variants: [
        { when: { "read Site": true, "manage Site": false }, calls: [["searchsite", '{"active":true}']] },
        { when: { "read Site": true, "manage Site": true }, calls: [["searchsite", '{"active":false}']] },
      ],
    },
    {
      path: "/payment/:referenceId",
      public: true,
      variants: [{ when: {}, calls: [["payment-detail", '{"referenceId":":referenceId"}']] }],
    },
  ],
};

/** Runs preferences.js with the first calls named; answers what it sent (call and body) and what it filed. */
function callsSentWith(cookies: Record<string, unknown>) {
  const sent: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init: RequestInit) => {
      sent.push(`${url} ${String(init.body)}`);
      return Promise.resolve(new Response("{}"));
    }),
  );
  const meta = document.createElement("meta");
  meta.name = "first-calls";
  meta.content = JSON.stringify(CALLS);
  document.head.append(meta);
  runWith(cookies);
  return { sent, filed: Object.keys(window.firstCalls ?? {}) };
}

describe("web/preferences.js loading the locale data off the main thread", () => {
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

describe("web/preferences.js sending a page's first calls before the app arrives", () => {
  const client = [
    { action: "read", subject: "Site" },
    { action: "create", subject: "Payment" },
  ];
  const admin = [{ action: "manage", subject: "all" }];

  it("sends the variant of the reader's abilities and the navbar's, filed by call and body", () => {
    history.replaceState(null, "", "/portal/site");
    const { sent, filed } = callsSentWith({ userData: { userId: 1 }, userAbilityRules: client });
    expect(sent).toEqual([
      '/api/searchsite {"active":true}',
      "/api/searchcart {}",
      '/api/search-notification {"unreadOnly":true}',
    ]);
    expect(filed).toEqual(['searchsite {"active":true}', "searchcart {}", 'search-notification {"unreadOnly":true}']);
    document.head.innerHTML = "";
    // The checkout asks for the cart as the navbar does: one request.
    CALLS.routes[0]!.variants[0]!.calls.push(["searchcart", "{}"]);
    try {
      expect(callsSentWith({ userData: { userId: 1 }, userAbilityRules: client }).sent).toEqual([
        '/api/searchsite {"active":true}',
        "/api/searchcart {}",
        '/api/search-notification {"unreadOnly":true}',
      ]);
    } finally {
      CALLS.routes[0]!.variants[0]!.calls.pop();
    }
    document.head.innerHTML = "";
    expect(callsSentWith({ userData: { userId: 1 }, userAbilityRules: admin }).sent[0]).toBe('/api/searchsite {"active":false}');
  });

  it("sends nothing a signed-out reader cannot have, nor for an address with a query", () => {
    history.replaceState(null, "", "/portal/site");
    expect(callsSentWith({}).sent).toEqual([]);
    document.head.innerHTML = "";
    history.replaceState(null, "", "/portal/site?page=2");
    expect(callsSentWith({ userData: { userId: 1 }, userAbilityRules: client }).sent).toEqual([]);
    document.head.innerHTML = "";
    // Who may not open the route (no variant holds) sends none of its calls.
    history.replaceState(null, "", "/portal/site");
    expect(callsSentWith({ userData: { userId: 1 }, userAbilityRules: [] }).sent).toEqual([
      '/api/search-notification {"unreadOnly":true}',
    ]);
  });

  it("fills a public page's parameter into its call, without the navbar's (a blank page)", () => {
    history.replaceState(null, "", "/payment/p000000000000000000000ab");
    expect(callsSentWith({}).sent).toEqual(['/api/payment-detail {"referenceId":"p000000000000000000000ab"}']);
    document.head.innerHTML = "";
    expect(callsSentWith({ userData: { userId: 1 }, userAbilityRules: client }).sent).toEqual([
      '/api/payment-detail {"referenceId":"p000000000000000000000ab"}',
    ]);
  });

  it("reads the cookies once, and opens local storage only when it has a call to send", () => {
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, "cookie")) owner = Object.getPrototypeOf(owner) as object | null;
    const cookie = Object.getOwnPropertyDescriptor(owner!, "cookie")!;
    const cookieReads = vi.fn();
    const getItem = vi.spyOn(window.localStorage, "getItem");
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
      history.replaceState(null, "", "/portal/site");
      expect(callsSentWith({ userData: { userId: 1 }, userAbilityRules: client, theme: "dark" }).sent).toHaveLength(3);
      expect(cookieReads).toHaveBeenCalledTimes(1);
      expect(getItem).toHaveBeenCalledWith("d1-bookmark");
      // A visitor's sign-in page sends nothing: local storage, opened synchronously, stays closed.
      document.head.innerHTML = "";
      getItem.mockClear();
      history.replaceState(null, "", "/login");
      expect(callsSentWith({}).sent).toEqual([]);
      expect(getItem).not.toHaveBeenCalled();
    } finally {
      delete (document as { cookie?: string }).cookie;
      getItem.mockRestore();
    }
  });
});
